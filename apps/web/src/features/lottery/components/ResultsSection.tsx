import type { LotteryFamily, TLotteryDraw } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { ResultsList } from './History';
import { ViewSwitch } from './ViewSwitch';
import { WinnerBoard } from './Winners';

export const RESULT_VIEWS = ['draws', 'winners'] as const;
export type ResultView = (typeof RESULT_VIEWS)[number];

/** The results: the game's draws (each verifiable) or its winner board. */
export function ResultsSection({
  gameCode,
  family,
  draws,
  revealNumero,
  onVerify,
  view,
  onViewChange,
}: {
  gameCode: string;
  family: LotteryFamily;
  draws: TLotteryDraw[];
  revealNumero: string | null;
  onVerify: (numero: string) => void;
  view: ResultView;
  onViewChange: (view: ResultView) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ViewSwitch
        views={RESULT_VIEWS}
        current={view}
        onChange={onViewChange}
        label={t('lt_tab_results')}
        text={(each) => t(`lt_results_${each}`)}
        testIdPrefix="lottery-results"
      />
      {view === 'draws' ? (
        <ResultsList family={family} draws={draws} onVerify={onVerify} revealNumero={revealNumero} />
      ) : (
        <WinnerBoard gameCode={gameCode} />
      )}
    </>
  );
}
