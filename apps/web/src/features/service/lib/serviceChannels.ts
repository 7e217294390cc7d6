import { WEB_ROUTES, decryptCustomerServiceLink, type TSiteSettings } from '@palaro/contract';

export type ServiceChannelKind = 'service' | 'telegram' | 'messagingApp' | 'social';

export interface ServiceChannel {
  kind: ServiceChannelKind;
  link: string;
}

const ORDER: readonly ServiceChannelKind[] = ['service', 'telegram', 'messagingApp', 'social'];

/**
 * The merchant's ways to reach support, decrypted from the start-up settings (spec §9), in the
 * order players reach for them. A link that does not decrypt, or the service link pointing back
 * at this very screen, is left out.
 */
export function serviceChannels(customerService: TSiteSettings['customerService'] | undefined): ServiceChannel[] {
  return ORDER.flatMap((kind) => {
    const value = customerService?.[kind];
    const link = value ? decryptCustomerServiceLink(value) : null;
    if (!link || link === WEB_ROUTES.service) return [];
    return [{ kind, link }];
  });
}
