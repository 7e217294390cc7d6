import { useId, useRef, useState } from 'react';
import { LANGUAGES, type Language } from '@palaro/contract';
import { useLanguage, useTranslation } from '../i18n/language';
import { CheckIcon, GlobeIcon } from './frameIcons';
import { Popover } from './Popover';

/** A compact header button showing the current language; opens a small list with Tagalog and English. */
export function LanguageControl({ available }: { available?: readonly Language[] }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const options = (available && available.length > 0 ? available : LANGUAGES).filter((l) =>
    (LANGUAGES as readonly string[]).includes(l),
  );

  const choose = (next: Language) => {
    setOpen(false);
    setLanguage(next);
    buttonRef.current?.focus();
  };

  return (
    <div className="lang-control">
      <button
        ref={buttonRef}
        type="button"
        className="chip-btn"
        data-testid="language-toggle"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`${t('language_label')}: ${t(`language_${language}`)}`}
        onClick={() => setOpen((v) => !v)}
      >
        <GlobeIcon size={18} />
        <span className="chip-btn__text">{language}</span>
      </button>
      {open ? (
        <Popover
          id={listId}
          label={t('language_choose')}
          onClose={() => setOpen(false)}
          className="lang-popover"
          returnFocus={buttonRef}
        >
          <p className="popover__title">{t('language_choose')}</p>
          <ul className="popover__list">
            {options.map((option) => (
              <li key={option}>
                <button
                  type="button"
                  className={`popover__item${option === language ? ' is-selected' : ''}`}
                  data-testid={`language-option-${option}`}
                  aria-pressed={option === language}
                  lang={option === 'EN' ? 'en' : 'tl'}
                  onClick={() => choose(option)}
                >
                  <span className="lang-badge" aria-hidden="true">
                    {option}
                  </span>
                  <span className="popover__label">{t(`language_${option}`)}</span>
                  {option === language ? <CheckIcon size={18} className="popover__check" /> : null}
                </button>
              </li>
            ))}
          </ul>
        </Popover>
      ) : null}
    </div>
  );
}
