import type { ReactNode } from 'react';
import { WEB_ROUTES } from '@palaro/contract';
import { useTranslation } from '../../shared/i18n/language';
import type { TextKey } from '../../shared/i18n';
import { isExternalLink } from '../../shared/lib/platform';
import { Link } from '../../shared/router';
import { useSettings } from '../../shared/startup/context';
import { ChatIcon, ChevronRightIcon, HeadsetIcon, TelegramIcon, UsersIcon } from '../../shared/ui/frameIcons';
import { HelpIcon } from '../../shared/ui/menuIcons';
import { serviceChannels, type ServiceChannelKind } from './lib/serviceChannels';
import './service.css';

const CHANNEL_TEXT: Record<ServiceChannelKind, { label: TextKey; hint: TextKey; icon: ReactNode }> = {
  service: { label: 'cs_live_chat', hint: 'cs_live_chat_hint', icon: <HeadsetIcon size={22} /> },
  telegram: { label: 'cs_telegram', hint: 'cs_telegram_hint', icon: <TelegramIcon size={22} /> },
  messagingApp: { label: 'cs_messenger', hint: 'cs_messenger_hint', icon: <ChatIcon size={22} /> },
  social: { label: 'cs_community', hint: 'cs_community_hint', icon: <UsersIcon size={22} /> },
};

function Row({
  link,
  icon,
  label,
  hint,
  testId,
}: {
  link: string;
  icon: ReactNode;
  label: string;
  hint: string;
  testId: string;
}) {
  const inner = (
    <>
      <span className="cs__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="cs__main">
        <span className="cs__label">{label}</span>
        <span className="cs__hint">{hint}</span>
      </span>
      <ChevronRightIcon size={18} className="cs__chev" />
    </>
  );
  return isExternalLink(link) ? (
    <a className="cs__row" href={link} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {inner}
    </a>
  ) : (
    <Link className="cs__row" to={link} data-testid={testId}>
      {inner}
    </Link>
  );
}

/** /m/service: the merchant's customer-service links and messaging apps, and the help centre. */
export default function ServiceScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const channels = serviceChannels(settings.customerService);

  return (
    <div className="cs" data-testid="service-screen">
      <section className="cs__hero">
        <span className="cs__hero-icon" aria-hidden="true">
          <HeadsetIcon size={30} />
        </span>
        <h2 className="cs__title">{t('cs_heading', { name: settings.name })}</h2>
        <p className="cs__intro">{t('cs_intro')}</p>
      </section>
      {channels.length > 0 ? (
        <ul className="cs__list" data-testid="service-channels">
          {channels.map((channel) => (
            <li key={channel.kind}>
              <Row
                link={channel.link}
                icon={CHANNEL_TEXT[channel.kind].icon}
                label={t(CHANNEL_TEXT[channel.kind].label)}
                hint={t(CHANNEL_TEXT[channel.kind].hint)}
                testId={`service-${channel.kind}`}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="cs__none" data-testid="service-none">
          {t('cs_none')}
        </p>
      )}
      <ul className="cs__list">
        <li>
          <Row
            link={WEB_ROUTES.help}
            icon={<HelpIcon size={22} />}
            label={t('cs_help')}
            hint={t('cs_help_hint')}
            testId="service-help"
          />
        </li>
      </ul>
      <p className="cs__safety">{t('cs_safety')}</p>
    </div>
  );
}
