import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { TIMING_MS } from '@palaro/contract';
import { useToast } from '../../../shared/ui/feedback';
import { CheckIcon } from '../../../shared/ui/icons';

function CopyGlyph() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
      <path d="M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5" />
    </svg>
  );
}

/** Copies a value (account number, reference) to the clipboard and says so. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMING_MS.toastMedium);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      void toast.show(t('deposit_copied'), { durationMs: TIMING_MS.toastShort, kind: 'success' });
    } catch {
      void toast.show(t('deposit_copy_failed'), { durationMs: TIMING_MS.toastLong, kind: 'error' });
    }
  };

  return (
    <button
      type="button"
      className={`copy-btn${copied ? ' is-copied' : ''}`}
      aria-label={label}
      data-testid={testId}
      onClick={() => void copy()}
    >
      {copied ? <CheckIcon size={16} /> : <CopyGlyph />}
      <span aria-hidden="true">{copied ? t('deposit_copied') : t('deposit_copy')}</span>
    </button>
  );
}
