import { useRef, useState } from 'react';
import { PROFILE_AVATARS, type ProfileAvatar, type THeadIcon } from '@palaro/contract';
import { useTranslation } from '../../../shared/i18n/language';
import { useQueryClient } from '../../../shared/query/react';
import { useErrorText } from '../../../shared/ui/ErrorState';
import { Modal } from '../../../shared/ui/Modal';
import { Spinner } from '../../../shared/ui/Spinner';
import { useToast } from '../../../shared/ui/feedback';
import { CheckIcon } from '../../../shared/ui/icons';
import { afterHeadIconChanged, avatarUrl, chooseAvatar, headIconUrl, uploadHeadIcon } from '../api/headIcon';

/** Change the head icon: one of our avatars, or a photo (checked and cropped to a square by the server). */
export function HeadIconSheet({ current, onClose }: { current: THeadIcon | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<ProfileAvatar | 'upload' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (what: ProfileAvatar | 'upload', change: () => Promise<THeadIcon>) => {
    setBusy(what);
    setError(null);
    try {
      afterHeadIconChanged(queryClient, await change());
      void toast.show(t('mine_avatar_saved'), { kind: 'success' });
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal title={t('mine_avatar_title')} onClose={onClose} testId="head-icon-sheet">
      <div className="head-icon-sheet">
        {current?.kind === 'upload' ? (
          <img
            className="head-icon-sheet__current"
            src={headIconUrl(current)}
            alt={t('mine_avatar_yours')}
            width={72}
            height={72}
          />
        ) : null}
        <p className="acc-card__intro">{t('mine_avatar_intro')}</p>
        <ul className="head-icon-sheet__grid" aria-label={t('mine_avatar_choose')}>
          {PROFILE_AVATARS.map((avatar) => {
            const chosen = current?.kind === 'avatar' && current.avatar === avatar;
            return (
              <li key={avatar}>
                <button
                  type="button"
                  className={`head-icon-sheet__option${chosen ? ' is-chosen' : ''}`}
                  aria-pressed={chosen}
                  aria-label={t('mine_avatar_option', { name: t(`mine_avatar_${avatar}`) })}
                  data-testid={`head-icon-option-${avatar}`}
                  disabled={busy !== null}
                  onClick={() => void save(avatar, () => chooseAvatar(avatar))}
                >
                  <img src={avatarUrl(avatar)} alt="" width={64} height={64} />
                  {chosen ? (
                    <span className="head-icon-sheet__check" aria-hidden="true">
                      <CheckIcon size={14} strokeWidth={3} />
                    </span>
                  ) : null}
                  {busy === avatar ? (
                    <span className="head-icon-sheet__busy">
                      <Spinner />
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className="btn btn--outline btn--block"
          data-testid="head-icon-upload"
          disabled={busy !== null}
          onClick={() => input.current?.click()}
        >
          {busy === 'upload' ? t('mine_avatar_uploading') : t('mine_avatar_upload')}
        </button>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg"
          hidden
          data-testid="head-icon-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void save('upload', () => uploadHeadIcon(file));
          }}
        />
        <p className="head-icon-sheet__hint">{t('mine_avatar_upload_hint')}</p>
        {error ? (
          <p className="field__error" role="alert" data-testid="head-icon-error">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
