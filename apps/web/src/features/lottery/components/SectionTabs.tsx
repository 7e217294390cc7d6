import { useTranslation } from '../../../shared/i18n/language';

export const BETTING_SECTIONS = ['bet', 'results', 'trend', 'mybets'] as const;
export type BettingSection = (typeof BETTING_SECTIONS)[number];

/** The betting screen's sections; the bet section's badge counts the slip's bets. */
export function SectionTabs({
  current,
  onChange,
  slipCount,
}: {
  current: BettingSection;
  onChange: (section: BettingSection) => void;
  slipCount: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="lt-sections" role="group" aria-label={t('lt_section_label')}>
      {BETTING_SECTIONS.map((each) => (
        <button
          key={each}
          type="button"
          className={`lt-section${each === current ? ' is-active' : ''}`}
          aria-pressed={each === current}
          data-testid={`lottery-section-${each}`}
          onClick={() => onChange(each)}
        >
          {t(`lt_tab_${each}`)}
          {each === 'bet' && slipCount > 0 ? <span className="lt-section__badge">{slipCount}</span> : null}
        </button>
      ))}
    </div>
  );
}
