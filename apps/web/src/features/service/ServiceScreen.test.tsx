import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTENT_API_PATHS, encryptCustomerServiceLink } from '@palaro/contract';
import { mockApi, renderApp } from '../../test/render';
import { startupResponse } from '../../test/fixtures';
import { serviceChannels } from './lib/serviceChannels';

describe('customer service', () => {
  it('decrypts the merchant links, leaving out a broken one and the link back to this screen', () => {
    expect(
      serviceChannels({
        service: encryptCustomerServiceLink('/m/service', 'k3y!k3y!'),
        telegram: encryptCustomerServiceLink('https://t.me/Support', 'abcdefgh'),
        messagingApp: 'not-encrypted',
        social: encryptCustomerServiceLink('https://facebook.com/x', '12345678'),
      }),
    ).toEqual([
      { kind: 'telegram', link: 'https://t.me/Support' },
      { kind: 'social', link: 'https://facebook.com/x' },
    ]);
    expect(serviceChannels(undefined)).toEqual([]);
  });

  it('lists the channels with the help centre', async () => {
    const startup = startupResponse();
    startup.settings.customerService = {
      service: encryptCustomerServiceLink('https://chat.example/palaro', 'abcdefgh'),
      telegram: encryptCustomerServiceLink('https://t.me/PalaroSupportPH', 'abcdefgh'),
    };
    mockApi({ startup });
    renderApp('/m/service', { language: 'EN' });
    expect(await screen.findByTestId('service-service')).toHaveAttribute('href', 'https://chat.example/palaro');
    expect(screen.getByTestId('service-telegram')).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('service-help')).toHaveAttribute('href', '/m/help');
    expect(screen.queryByTestId('service-none')).toBeNull();
  });
});

describe('user agreement', () => {
  it('shows the terms in force with their version, as rich text', async () => {
    mockApi({
      routes: {
        [CONTENT_API_PATHS.userAgreement]: {
          version: 3,
          title: 'User Agreement',
          content: '<h3>1. Eligibility</h3><p>Only for players aged 21 and over.</p>',
          publishedAt: '2026-11-30T16:00:00Z',
        },
      },
    });
    renderApp('/m/useragreement', { language: 'EN' });
    expect(await screen.findByRole('heading', { name: '1. Eligibility' })).toBeInTheDocument();
    expect(screen.getByTestId('agreement-version')).toHaveTextContent(/Version 3 · in force since Dec 1, 2026/);
  });

  it('says so when none is published', async () => {
    mockApi({ routes: { [CONTENT_API_PATHS.userAgreement]: null } });
    renderApp('/m/useragreement');
    expect(await screen.findByTestId('agreement-empty')).toHaveTextContent('Wala pang kasunduan ng user');
  });
});
