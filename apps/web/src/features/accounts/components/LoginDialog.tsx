import { useTranslation } from '../../../shared/i18n/language';
import { Modal } from '../../../shared/ui/Modal';
import { LoginForm } from './LoginForm';
import { NavStrip } from './NavStrip';

/** The login dialog opened wherever a signed-out player taps something that needs a session. */
export function LoginDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('login_dialog_title')} onClose={onClose} testId="login-dialog">
      <div className="auth-dialog">
        <LoginForm onSignedIn={onClose} />
        <NavStrip />
      </div>
    </Modal>
  );
}
