import { useState, type ReactNode } from 'react';
import { GAME_CLASSIFY, type GameCategory, type TVendorEntry } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useMoney } from '../../../shared/lib/money';
import { Modal } from '../../../shared/ui/Modal';
import { NO_FILTERS, classificationChoices, minBetChoices, toggleVendor, type ListFilters } from '../lib/listFilters';
import { useClassificationLabel } from '../lib/useClassificationLabel';
import { CategoryLinks } from './CategoryLinks';

function Choice({
  active,
  onPick,
  testId,
  children,
}: {
  active: boolean;
  onPick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`gm-choice${active ? ' is-active' : ''}`}
      aria-pressed={active}
      data-testid={testId}
      onClick={onPick}
    >
      {children}
    </button>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="gm-filter__section" aria-labelledby={id}>
      <h3 className="gm-filter__title" id={id}>
        {title}
      </h3>
      <div className="gm-filter__choices" role="group" aria-labelledby={id}>
        {children}
      </div>
    </section>
  );
}

/**
 * The list's filter panel (spec §2): vendor (tapping the selected one clears it), classification
 * (ALL, NEW for RNG, HOT, FAV for members, the vendors' own), minimum bet for RNG only, and links to
 * the other categories. Choices stay in the sheet until "show games"; "reset" clears them there.
 */
export function FilterSheet({
  gameType,
  signedIn,
  vendors,
  vendorDefined,
  value,
  onApply,
  onClose,
}: {
  gameType: GameCategory;
  signedIn: boolean;
  vendors: readonly TVendorEntry[];
  vendorDefined: readonly string[];
  value: ListFilters;
  onApply: (filters: ListFilters) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const label = useClassificationLabel();
  const [draft, setDraft] = useState<ListFilters>(value);
  const classifications = classificationChoices(gameType, signedIn, vendorDefined);
  const bets = minBetChoices(gameType);
  // The recent tab is not a classification: the panel starts from all.
  const classify = classifications.includes(draft.classify) ? draft.classify : GAME_CLASSIFY.all;

  return (
    <Modal title={t('games_filter_title')} onClose={onClose} testId="game-filter">
      <form
        className="gm-filter"
        onSubmit={(event) => {
          event.preventDefault();
          onApply({ ...draft, classify });
        }}
      >
        {vendors.length > 1 ? (
          <Section id="game-filter-vendor" title={t('games_vendor_label')}>
            <Choice
              active={draft.vendor === undefined}
              testId="filter-vendor-all"
              onPick={() => setDraft((d) => ({ ...d, vendor: undefined }))}
            >
              {t('games_vendor_all')}
            </Choice>
            {vendors.map((entry) => (
              <Choice
                key={entry.vassalage}
                active={draft.vendor === entry.vassalage}
                testId={`filter-vendor-${entry.vassalage}`}
                onPick={() => setDraft((d) => ({ ...d, vendor: toggleVendor(d.vendor, entry.vassalage) }))}
              >
                {entry.vendorName}
              </Choice>
            ))}
          </Section>
        ) : null}
        <Section id="game-filter-classify" title={t('games_classify_label')}>
          {classifications.map((code) => (
            <Choice
              key={code}
              active={classify === code}
              testId={`filter-classify-${code}`}
              onPick={() => setDraft((d) => ({ ...d, classify: code }))}
            >
              {label(code)}
            </Choice>
          ))}
        </Section>
        {bets ? (
          <Section id="game-filter-min-bet" title={t('games_min_bet_label')}>
            <Choice
              active={draft.minBet === undefined}
              testId="filter-min-bet-all"
              onPick={() => setDraft((d) => ({ ...d, minBet: undefined }))}
            >
              {t('games_min_bet_all')}
            </Choice>
            {bets.map((bet) => (
              <Choice
                key={bet}
                active={draft.minBet === bet}
                testId={`filter-min-bet-${bet}`}
                onPick={() => setDraft((d) => ({ ...d, minBet: bet }))}
              >
                {money(bet)}
              </Choice>
            ))}
          </Section>
        ) : null}
        <div className="gm-filter__actions">
          <button
            type="button"
            className="btn btn--outline"
            data-testid="game-filter-reset"
            onClick={() => setDraft(NO_FILTERS)}
          >
            {t('games_filter_reset')}
          </button>
          <button type="submit" className="btn btn--primary" data-testid="game-filter-submit">
            {t('games_filter_submit')}
          </button>
        </div>
      </form>
      <CategoryLinks current={gameType} testId="filter-category-links" />
    </Modal>
  );
}
