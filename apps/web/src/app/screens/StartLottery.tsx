import StartLotteryScreen from '../../features/lottery/StartLotteryScreen';
import { useLotteryPrizeMode } from './lotteryPrizeMode';

/** /m/startLottery: a launched game's betting screen, or the lobby (the menu) in the merchant's prize mode. */
export default function StartLottery() {
  return <StartLotteryScreen prizeMode={useLotteryPrizeMode()} />;
}
