import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { useNavigate } from '../../../shared/router';
import { STORAGE_KEYS, TIMING_MS, type TAnnouncementItem } from '@palaro/contract';
import { readLocal, readSession, writeLocal, writeSession } from '../../../shared/lib/storage';
import { isExternalLink } from '../../../shared/lib/platform';
import { CloseIcon } from '../../../shared/ui/frameIcons';
import { CdnImage } from '../../../shared/ui/CdnImage';

function idsIn(stored: string | null): Set<string> {
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Closed in this browser session: it comes back in the next one. */
const seenIds = () => idsIn(readSession(STORAGE_KEYS.seenPopups));
/** "Don't show again": kept on this device for good. */
const hiddenIds = () => idsIn(readLocal(STORAGE_KEYS.hiddenPopups));

function markSeen(id: string, forGood: boolean): void {
  const seen = seenIds();
  seen.add(id);
  writeSession(STORAGE_KEYS.seenPopups, JSON.stringify([...seen]));
  if (!forGood) return;
  const hidden = hiddenIds();
  hidden.add(id);
  writeLocal(STORAGE_KEYS.hiddenPopups, JSON.stringify([...hidden]));
}

/**
 * The login pop-up list: PU announcements one after another in a modal dialog, each once per
 * browser session, or never again on this device once the player ticks "don't show again". A tap
 * on the mask closes it, except within 300 ms of opening.
 */
export function PopupList({ popups }: { popups: TAnnouncementItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [queue] = useState(() => {
    const skipped = new Set([...seenIds(), ...hiddenIds()]);
    return popups.filter((popup) => !skipped.has(popup.id));
  });
  const [index, setIndex] = useState(0);
  const [dontShowAgain, setDontShowAgain] = useState(false);
  const openedAt = useRef(0);
  const closeButton = useRef<HTMLButtonElement>(null);
  const current = queue[index];

  useEffect(() => {
    if (!current) return;
    openedAt.current = performance.now();
    closeButton.current?.focus({ preventScroll: true });
  }, [current]);

  const close = useCallback(() => {
    if (!current) return;
    markSeen(current.id, dontShowAgain);
    setDontShowAgain(false);
    setIndex((i) => i + 1);
  }, [current, dontShowAgain]);

  useEffect(() => {
    if (!current) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [current, close]);

  if (!current) return null;

  const onMask = () => {
    if (performance.now() - openedAt.current < TIMING_MS.dialogMaskGuard) return;
    close();
  };
  const openLink = () => {
    const link = current.link;
    close();
    if (!link) return;
    if (isExternalLink(link)) window.open(link, '_blank', 'noopener,noreferrer');
    else void navigate(link);
  };
  const titleId = `popup-title-${current.id}`;

  return (
    <div className="popup-layer">
      <div className="popup-mask" data-testid="popup-mask" onClick={onMask} aria-hidden="true" />
      <div
        className="popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="popup-dialog"
        key={current.id}
      >
        <button
          ref={closeButton}
          type="button"
          className="popup__close"
          data-testid="popup-close"
          aria-label={t('close')}
          onClick={close}
        >
          <CloseIcon size={20} />
        </button>
        {current.imageUrl ? (
          <CdnImage className="popup__image" src={current.imageUrl} alt="" width={750} height={300} loading="eager" />
        ) : (
          <div className="popup__ribbon" aria-hidden="true">
            {t('popup_label')}
          </div>
        )}
        <div className="popup__body">
          <h2 className="popup__title" id={titleId}>
            {current.title}
          </h2>
          <p className="popup__content">{current.content}</p>
        </div>
        <label className="popup__dont-show">
          <input
            type="checkbox"
            checked={dontShowAgain}
            data-testid="popup-dont-show"
            onChange={(event) => setDontShowAgain(event.target.checked)}
          />
          {t('popup_dont_show')}
        </label>
        <div className="popup__footer">
          {queue.length > 1 ? (
            <span className="popup__counter">{t('popup_counter', { current: index + 1, total: queue.length })}</span>
          ) : (
            <span />
          )}
          {current.link ? (
            <button type="button" className="btn btn--primary btn--sm" onClick={openLink}>
              {t('popup_open_link')}
            </button>
          ) : (
            <button type="button" className="btn btn--outline btn--sm" onClick={close}>
              {t('close')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
