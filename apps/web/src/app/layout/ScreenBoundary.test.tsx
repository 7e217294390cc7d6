import { Suspense } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { TranslationProvider } from '../../shared/i18n/language';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../lazyScreen';
import { createI18n } from '../../shared/i18n';
import { ScreenBoundary } from './ScreenBoundary';

describe('screen module load failure', () => {
  it('shows the failure text with a retry that loads the module again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const entry = lazyScreen(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : Promise.resolve({ default: () => <p>Screen loaded</p> });
    });
    function Screen() {
      const Component = entry.Component;
      return <Component />;
    }
    render(
      <TranslationProvider i18n={createI18n('EN')}>
        <ScreenBoundary>
          <Suspense fallback={<p>loading</p>}>
            <Screen />
          </Suspense>
        </ScreenBoundary>
      </TranslationProvider>,
    );
    expect(await screen.findByTestId('module-load-error')).toHaveTextContent('This page could not be loaded');
    fireEvent.click(screen.getByTestId('module-load-retry'));
    expect(await screen.findByText('Screen loaded')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
