import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { Link } from '../../../shared/router';
import { WEB_ROUTES, decryptCustomerServiceLink } from '@palaro/contract';
import { useSettings } from '../../../shared/startup/context';
import { isExternalLink } from '../../../shared/lib/platform';
import { HeadsetIcon, HomeIcon, UserIcon } from '../../../shared/ui/icons';
import { KeyIcon } from '../../../shared/ui/accountIcons';

/** The customer-service link of the merchant, decrypted; the service page when none is configured. */
export function useServiceLink(): string {
  const settings = useSettings();
  return useMemo(() => {
    const encrypted = settings.customerService?.service;
    return (encrypted ? decryptCustomerServiceLink(encrypted) : null) ?? WEB_ROUTES.service;
  }, [settings.customerService?.service]);
}

/** Home, register now, forgot password, customer service (spec §2 Login). */
export function NavStrip({ hideRegister }: { hideRegister?: boolean }) {
  const { t } = useTranslation();
  const service = useServiceLink();
  const items = [
    { key: 'home', to: WEB_ROUTES.home, label: t('nav_strip_home'), icon: <HomeIcon size={20} /> },
    ...(hideRegister
      ? []
      : [{ key: 'register', to: WEB_ROUTES.register, label: t('nav_strip_register'), icon: <UserIcon size={20} /> }]),
    { key: 'forgot', to: WEB_ROUTES.forget, label: t('nav_strip_forgot'), icon: <KeyIcon size={20} /> },
    { key: 'service', to: service, label: t('nav_strip_service'), icon: <HeadsetIcon size={20} /> },
  ];
  return (
    <nav className="nav-strip" aria-label={t('nav_strip')} data-testid="nav-strip">
      {items.map((item) =>
        isExternalLink(item.to) ? (
          <a
            key={item.key}
            className="nav-strip__item"
            href={item.to}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={`nav-strip-${item.key}`}
          >
            <span className="nav-strip__icon">{item.icon}</span>
            <span>{item.label}</span>
          </a>
        ) : (
          <Link key={item.key} className="nav-strip__item" to={item.to} data-testid={`nav-strip-${item.key}`}>
            <span className="nav-strip__icon">{item.icon}</span>
            <span>{item.label}</span>
          </Link>
        ),
      )}
    </nav>
  );
}
