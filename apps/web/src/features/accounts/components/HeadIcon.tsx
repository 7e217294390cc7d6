import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { UserIcon } from '../../../shared/ui/icons';
import { headIconUrl, useHeadIcon } from '../api/headIcon';
import { HeadIconSheet } from './HeadIconSheet';
import '../head-icon.css';

/**
 * The member's picture in the member centre's info panel (PROFPIC3); tapping it opens the sheet
 * to change it. Until the icon is known it shows the plain person mark the panel had before.
 */
export function HeadIcon() {
  const { t } = useTranslation();
  const query = useHeadIcon(true);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="mine-avatar head-icon"
        aria-label={t('mine_avatar_change')}
        data-testid="mine-head-icon"
        data-icon={query.data ? (query.data.kind === 'avatar' ? query.data.avatar : 'upload') : undefined}
        onClick={() => setOpen(true)}
      >
        {query.data ? (
          <img className="head-icon__img" src={headIconUrl(query.data)} alt="" width={56} height={56} />
        ) : (
          <UserIcon size={30} />
        )}
        <span className="head-icon__edit" aria-hidden="true">
          ✎
        </span>
      </button>
      {open ? <HeadIconSheet current={query.data ?? null} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
