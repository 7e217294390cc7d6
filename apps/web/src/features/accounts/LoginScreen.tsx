import { useTranslation } from '../../shared/i18n/language';
import { useSearchParams } from '../../shared/router';
import { useSettings } from '../../shared/startup/context';
import { AuthShell } from './components/AuthShell';
import { LoginForm } from './components/LoginForm';
import { NavStrip } from './components/NavStrip';

/** /m/login (spec §2 Login): no app header, own back to home. */
export default function LoginScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [search] = useSearchParams();
  const canRegister =
    settings.whitelabel.USERNAMEREG3 || settings.whitelabel.MOBILENUMREG3 || settings.whitelabel.DIRECTREG3;
  return (
    <AuthShell title={t('login_title')} subtitle={t('login_subtitle')} testId="login-screen">
      <LoginForm prefillMobile={search.get('mobile')} />
      <NavStrip hideRegister={!canRegister} />
    </AuthShell>
  );
}
