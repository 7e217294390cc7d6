import LotteryMenuScreen from '../../features/lottery/LotteryMenuScreen';
import { useLotteryPrizeMode } from './lotteryPrizeMode';

/** /m/lottery and /m/moreLottery: the lottery menu in the merchant's prize mode. */
export default function LotteryMenu() {
  return <LotteryMenuScreen prizeMode={useLotteryPrizeMode()} />;
}
