import { useState } from 'react';
import type { TInhouseSession } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { Modal } from '../../../shared/ui/Modal';
import type { GameSheet } from './GameShell';
import { RulesPanel } from './RulesPanel';
import { FairnessPanel } from './FairnessPanel';
import { RoundsPanel } from './RoundsPanel';
import { VerifyPanel } from './VerifyPanel';

/** The game's sheets: paytable and rules, fairness, my rounds (and a round's verification). */
export function GameSheets({
  open,
  onClose,
  onSwitch,
  session,
  launchToken,
  locked,
  minesCount,
}: {
  open: GameSheet | null;
  onClose: () => void;
  onSwitch: (sheet: GameSheet) => void;
  session: TInhouseSession;
  launchToken: string;
  /** A round is being played or shown: seeds stay as they are until it is over. */
  locked: boolean;
  /** Mines: the number of mines chosen, whose multipliers the rules show first. */
  minesCount?: number;
}) {
  const { t } = useTranslation();
  const [verifying, setVerifying] = useState<string | null>(null);
  const close = () => {
    setVerifying(null);
    onClose();
  };
  if (open === null) return null;
  if (open === 'rules') {
    return (
      <Modal
        title={session.game.kind === 'slot' ? t('ig_paytable') : t('ig_rules')}
        onClose={close}
        testId="inhouse-rules"
      >
        <RulesPanel session={session} minesCount={minesCount} />
      </Modal>
    );
  }
  if (open === 'fairness') {
    return (
      <Modal title={t('ig_fairness')} onClose={close} testId="inhouse-fairness">
        <FairnessPanel
          session={session}
          launchToken={launchToken}
          locked={locked}
          onShowRounds={() => onSwitch('rounds')}
        />
      </Modal>
    );
  }
  return (
    <Modal
      title={verifying ? t('ig_verify_title') : t('ig_my_rounds')}
      onClose={close}
      testId={verifying ? 'inhouse-verify' : 'inhouse-rounds'}
    >
      {verifying ? (
        <VerifyPanel sessionToken={session.sessionToken} roundId={verifying} onBack={() => setVerifying(null)} />
      ) : (
        <RoundsPanel sessionToken={session.sessionToken} onVerify={setVerifying} />
      )}
    </Modal>
  );
}
