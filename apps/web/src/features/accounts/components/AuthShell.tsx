import type { ReactNode } from 'react';
import { WEB_ROUTES } from '@palaro/contract';
import { useSettings } from '../../../shared/startup/context';
import { BackButton } from '../../../shared/ui/BackButton';
import { CdnImage } from '../../../shared/ui/CdnImage';
import '../../../shared/ui/page.css';
import '../accounts.css';

/** The headerless sign-in and registration pages: own back arrow to home, the merchant logo, a title. */
export function AuthShell({
  title,
  subtitle,
  children,
  testId,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  testId?: string;
}) {
  const settings = useSettings();
  return (
    <div className="auth" data-testid={testId}>
      <div className="auth__bar">
        <BackButton to={WEB_ROUTES.home} testId="screen-back" />
      </div>
      <div className="auth__hero">
        <CdnImage
          className="auth__logo"
          src={settings.logoUrl}
          alt={settings.name}
          width={132}
          height={32}
          loading="eager"
        />
        <h1 className="auth__title" data-testid="screen-title">
          {title}
        </h1>
        {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
      </div>
      <div className="auth__card">{children}</div>
    </div>
  );
}
