import type { TBetTypeView } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Skeleton } from '../../../shared/ui/Skeleton';
import type { MyLottery } from '../lib/useMyLottery';
import { MyChasesList } from './Chase';
import { MyBetsList } from './History';
import { ViewSwitch } from './ViewSwitch';

export const MINE_VIEWS = ['bets', 'chases'] as const;
export type MineView = (typeof MINE_VIEWS)[number];

/** My bets: the member's bets or chases on the game, each cancellable while its draw is on sale. */
export function MyLotterySection({
  mine,
  betTypes,
  view,
  onViewChange,
}: {
  mine: MyLottery;
  betTypes: TBetTypeView[];
  view: MineView;
  onViewChange: (view: MineView) => void;
}) {
  const { t } = useTranslation();
  const { bets, chases } = mine;
  let list;
  if (view === 'bets') {
    if (bets.isError) list = <ErrorState compact error={bets.error} onRetry={() => void bets.refetch()} />;
    else if (bets.data)
      list = (
        <MyBetsList
          bets={bets.data.bets}
          betTypes={betTypes}
          onCancel={mine.cancelBet}
          cancelling={mine.cancellingBets}
        />
      );
    else list = <Skeleton height={120} radius={14} />;
  } else if (chases.isError) {
    list = <ErrorState compact error={chases.error} onRetry={() => void chases.refetch()} />;
  } else if (chases.data) {
    list = (
      <MyChasesList
        chases={chases.data.chases}
        betTypes={betTypes}
        onCancel={mine.stopChase}
        cancelling={mine.stoppingChase}
      />
    );
  } else list = <Skeleton height={120} radius={14} />;
  return (
    <>
      <ViewSwitch
        views={MINE_VIEWS}
        current={view}
        onChange={onViewChange}
        label={t('lt_tab_mybets')}
        text={(each) => t(`lt_mybets_${each}`)}
        testIdPrefix="lottery-mine"
      />
      {list}
    </>
  );
}
