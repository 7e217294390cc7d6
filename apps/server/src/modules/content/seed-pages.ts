import type { Queryable } from '../../platform/db/database';
import { sanitizeLocalisedRichText } from '../../platform/rich-text';
import { seedPublicationTime } from './seed';
import type { LocalisedText } from './schema';
import * as store from './store';

interface SeedArticle {
  key: string;
  title: LocalisedText;
  content: LocalisedText;
}

interface SeedCategory {
  key: string;
  title: LocalisedText;
  articles: readonly SeedArticle[];
}

/** The demo merchant's help centre, in Tagalog and English: what players ask support most. */
export const DEMO_HELP: readonly SeedCategory[] = [
  {
    key: 'deposits',
    title: { TY: 'Deposito', EN: 'Deposits' },
    articles: [
      {
        key: 'help-deposit-how',
        title: { TY: 'Paano magdeposito', EN: 'How to deposit' },
        content: {
          TY: '<ol><li>Pindutin ang <strong>Deposito</strong> sa ibabang menu.</li><li>Pumili ng paraan: GCash, Maya, online banking, bank transfer o USDT (TRC20).</li><li>Ilagay ang halaga o pumili ng isa sa mga nakahandang halaga, saka pindutin ang <strong>Magdeposito</strong>.</li><li>Tapusin ang bayad sa app ng GCash, Maya o ng inyong bangko.</li></ol><p>Lalabas ang pera sa inyong balanse kapag kinumpirma na ito ng payment channel, kadalasan sa loob ng ilang minuto.</p>',
          EN: '<ol><li>Tap <strong>Deposit</strong> in the bottom menu.</li><li>Choose a method: GCash, Maya, online banking, bank transfer or USDT (TRC20).</li><li>Enter the amount or pick one of the preset amounts, then tap <strong>Deposit</strong>.</li><li>Finish the payment in the GCash, Maya or bank app.</li></ol><p>The money shows in your balance once the payment channel confirms it, usually within a few minutes.</p>',
        },
      },
      {
        key: 'help-deposit-missing',
        title: { TY: 'Hindi pa pumapasok ang deposito ko', EN: 'My deposit has not arrived' },
        content: {
          TY: '<p>Tingnan ang <strong>Mga Rekord ng Deposito</strong> sa Member Centre. Kung <em>pending</em> pa ito, hinihintay pa namin ang kumpirmasyon ng payment channel.</p><p>Tuwing Martes, 1:00–3:00 AM, may maintenance ang GCash; gamitin muna ang Maya o bank transfer. Kung lampas 30 minuto na, makipag-ugnayan sa Customer Service at ibigay ang order number.</p>',
          EN: '<p>Open <strong>Deposit records</strong> in the member centre. If it still says <em>pending</em>, we are waiting for the payment channel to confirm it.</p><p>GCash is under maintenance every Tuesday, 1:00–3:00 AM; use Maya or bank transfer meanwhile. If it has been more than 30 minutes, contact Customer Service with the order number.</p>',
        },
      },
    ],
  },
  {
    key: 'withdrawals',
    title: { TY: 'Withdrawal', EN: 'Withdrawals' },
    articles: [
      {
        key: 'help-withdraw-how',
        title: { TY: 'Paano mag-withdraw', EN: 'How to withdraw' },
        content: {
          TY: '<ol><li>Sa Member Centre, pindutin ang <strong>Withdraw</strong>.</li><li>Magdagdag ng payout account (GCash, Maya o bangko) na nakapangalan sa inyo.</li><li>Ilagay ang halaga at ang inyong payment password.</li></ol><p>Mula ₱100 hanggang ₱50,000 bawat withdrawal, hanggang 5 beses at ₱100,000 bawat araw. Pinoproseso ang withdrawal 24/7, kadalasan sa loob ng 15 minuto.</p>',
          EN: '<ol><li>In the member centre, tap <strong>Withdraw</strong>.</li><li>Add a payout account (GCash, Maya or bank) in your own name.</li><li>Enter the amount and your payment password.</li></ol><p>From ₱100 to ₱50,000 per withdrawal, up to 5 times and ₱100,000 a day. Withdrawals are processed 24/7, usually within 15 minutes.</p>',
        },
      },
      {
        key: 'help-withdraw-turnover',
        title: { TY: 'Bakit hindi pa ako makapag-withdraw?', EN: 'Why can I not withdraw yet?' },
        content: {
          TY: '<p>May mga deposito at bonus na may <strong>turnover requirement</strong>: kailangang tumaya muna ng tiyak na halaga bago ma-withdraw ang pera. Makikita ang natitirang turnover sa screen ng Withdraw.</p><p>Kailangan din ng payment password at ng payout account na nakapangalan sa inyo.</p>',
          EN: '<p>Some deposits and bonuses carry a <strong>turnover requirement</strong>: a set amount must be wagered before the money can be withdrawn. The withdraw screen shows the turnover still to go.</p><p>You also need a payment password and a payout account in your own name.</p>',
        },
      },
    ],
  },
  {
    key: 'lottery',
    title: { TY: 'Lotto', EN: 'Lottery' },
    articles: [
      {
        key: 'help-lottery-play',
        title: { TY: 'Paano tumaya sa lotto', EN: 'How to play the lottery' },
        content: {
          TY: '<ol><li>Buksan ang <strong>Lotto</strong> at pumili ng laro.</li><li>Piliin ang mga numero at ang uri ng taya, saka ang halaga.</li><li>Kumpirmahin bago magsara ang bentahan; makikita ang countdown sa itaas.</li></ol><p>Lumalabas ang resulta pagkatapos ng bola, at awtomatikong pumapasok sa balanse ang panalo.</p>',
          EN: '<ol><li>Open <strong>Lottery</strong> and choose a game.</li><li>Pick your numbers and bet type, then the amount.</li><li>Confirm before sales close; the countdown shows at the top.</li></ol><p>Results show after the draw, and winnings go to your balance automatically.</p>',
        },
      },
      {
        key: 'help-lottery-fair',
        title: { TY: 'Patas ba ang bola?', EN: 'Is the draw fair?' },
        content: {
          TY: '<p>Oo. Bago magsara ang bentahan, inilalathala namin ang <em>hash</em> ng lihim na seed ng bola. Pagkatapos ng bola, inilalabas ang seed para masuri ninuman na ito ang pinagmulan ng mga numero.</p>',
          EN: '<p>Yes. Before sales close we publish the <em>hash</em> of the draw’s secret seed. After the draw the seed is revealed, so anyone can check the numbers came from it.</p>',
        },
      },
    ],
  },
  {
    key: 'security',
    title: { TY: 'Seguridad ng Account', EN: 'Account security' },
    articles: [
      {
        key: 'help-security-password',
        title: { TY: 'Protektahan ang inyong account', EN: 'Keep your account safe' },
        content: {
          TY: '<ul><li>Huwag ibigay kaninuman ang password, payment password o SMS code — hindi ito hihingin ng aming staff.</li><li>Gumamit ng password na hindi ninyo ginagamit sa ibang site.</li><li>Tingnan ang mga huling pag-login sa <strong>Security Centre</strong> at palitan agad ang password kung may hindi kilalang device.</li></ul>',
          EN: '<ul><li>Never share your password, payment password or SMS code — our staff will never ask for them.</li><li>Use a password you do not use on any other site.</li><li>Check recent sign-ins in the <strong>Security centre</strong> and change your password at once if you see a device you do not know.</li></ul>',
        },
      },
      {
        key: 'help-security-forgot',
        title: { TY: 'Nakalimutan ang password', EN: 'Forgot your password' },
        content: {
          TY: '<p>Sa screen ng Login, pindutin ang <strong>Nakalimutan ang password</strong>. Makakatanggap kayo ng SMS code sa rehistradong mobile number, o ng e-mail kung iyon ang nakarehistro.</p>',
          EN: '<p>On the login screen, tap <strong>Forgot password</strong>. You get an SMS code on your registered mobile number, or an e-mail if that is what you registered.</p>',
        },
      },
    ],
  },
  {
    key: 'responsible-play',
    title: { TY: 'Responsableng Paglalaro', EN: 'Responsible play' },
    articles: [
      {
        key: 'help-responsible-limits',
        title: { TY: 'Maglaro nang may hangganan', EN: 'Play within limits' },
        content: {
          TY: '<p>Ang paglalaro ay libangan, hindi paraan para kumita. Magtakda ng halagang kaya ninyong mawala at huminto kapag naabot ito. Huwag habulin ang talo.</p><p>Para lamang ito sa edad 21 pataas.</p>',
          EN: '<p>Gaming is entertainment, not a way to earn money. Set an amount you can afford to lose and stop when you reach it. Never chase losses.</p><p>Only for players aged 21 and over.</p>',
        },
      },
      {
        key: 'help-responsible-support',
        title: { TY: 'Saan hihingi ng tulong', EN: 'Where to get help' },
        content: {
          TY: '<p>Kung nahihirapan kayong huminto, makipag-ugnayan sa Customer Service para pansamantalang isara ang inyong account. Maaari ring tumawag sa National Center for Mental Health Crisis Hotline: <a href="tel:1553">1553</a>.</p>',
          EN: '<p>If you find it hard to stop, contact Customer Service to close your account for a while. You can also call the National Center for Mental Health Crisis Hotline: <a href="tel:1553">1553</a>.</p>',
        },
      },
    ],
  },
];

/** The demo merchant's user agreement, version 1. */
export const DEMO_TERMS = {
  title: { TY: 'Kasunduan ng User', EN: 'User Agreement' },
  content: {
    TY: '<h3>1. Pagiging karapat-dapat</h3><p>Para lamang sa edad 21 pataas. Isang account lamang bawat tao.</p><h3>2. Ang inyong account</h3><p>Kayo ang may pananagutan sa password at payment password ng inyong account. Dapat nakapangalan sa inyo ang mga payout account.</p><h3>3. Deposito at withdrawal</h3><p>Maaaring may turnover requirement ang mga deposito at bonus bago ma-withdraw. Maaari naming hingin ang patunay ng pagkakakilanlan bago magbayad.</p><h3>4. Patas na laro</h3><p>Bawal ang pandaraya, ang paggamit ng maraming account at ang pang-aabuso sa promosyon; maaaring isara ang account at kanselahin ang mga panalo.</p><h3>5. Responsableng paglalaro</h3><p>Maaari ninyong hilingin anumang oras na pansamantalang isara ang inyong account.</p><h3>6. Mga pagbabago</h3><p>Ipapaalam namin ang bagong bersyon ng kasunduang ito bago ito magkabisa.</p>',
    EN: '<h3>1. Eligibility</h3><p>Only for players aged 21 and over. One account per person.</p><h3>2. Your account</h3><p>You are responsible for your account’s password and payment password. Payout accounts must be in your own name.</p><h3>3. Deposits and withdrawals</h3><p>Deposits and bonuses may carry a turnover requirement before they can be withdrawn. We may ask for proof of identity before paying out.</p><h3>4. Fair play</h3><p>Cheating, multiple accounts and promotion abuse are not allowed; the account may be closed and winnings voided.</p><h3>5. Responsible play</h3><p>You may ask at any time for your account to be closed for a while.</p><h3>6. Changes</h3><p>We announce a new version of this agreement before it takes effect.</p>',
  },
} as const;

/**
 * Writes the demo help centre and terms that are missing, idempotently: categories by key,
 * articles by seed key, the terms only when the merchant has none. Their text goes through the
 * same sanitiser as the operator's.
 */
export async function seedDemoHelpAndTerms(q: Queryable, merchantId: number, now = new Date()): Promise<void> {
  for (const [index, category] of DEMO_HELP.entries()) {
    const row = await store.ensureHelpCategory(q, merchantId, category.key, category.title, index);
    for (const [order, article] of category.articles.entries()) {
      await store.insertHelpArticle(q, {
        merchantId,
        categoryId: row.id,
        title: article.title,
        content: sanitizeLocalisedRichText(article.content),
        sortOrder: order,
        seedKey: article.key,
      });
    }
  }
  if ((await store.listAgreements(q, merchantId)).length === 0) {
    await store.insertAgreement(q, {
      merchantId,
      title: DEMO_TERMS.title,
      content: sanitizeLocalisedRichText(DEMO_TERMS.content),
      // In force before any demo member registers, whatever the clock of a test says.
      publishedAt: seedPublicationTime(now, { daysAgo: 30, hour: 0 }),
    });
  }
}
