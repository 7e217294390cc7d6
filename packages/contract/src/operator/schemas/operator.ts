import { z } from 'zod';
import { WHITELABEL_FLAGS, PROMOTION_SWITCHES } from '../../system/flags';
import { atLeastOneChange } from '../../shared/text';

export const ZMerchantParams = z.object({
  merchantCode: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const ZMaintenanceUpdate = z.object({
  enabled: z.boolean(),
  message: z.string().max(500).optional(),
  /** ISO time the maintenance is expected to end, shown to players. */
  until: z.iso.datetime({ offset: true }).nullable().optional(),
});

export const ZFlagsUpdate = atLeastOneChange(
  z.object({
    whitelabel: z.partialRecord(z.enum(WHITELABEL_FLAGS), z.boolean()).optional(),
    promotions: z.partialRecord(z.enum(PROMOTION_SWITCHES), z.boolean()).optional(),
    vip: z.object({ display: z.boolean().optional(), benefits: z.boolean().optional() }).optional(),
  }),
);

const ZCidr = z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()]);

export const ZRegionUpdate = atLeastOneChange(
  z.object({
    deniedCountries: z
      .array(z.string().regex(/^[A-Z]{2}$/))
      .max(250)
      .optional(),
    deniedIpRanges: z.array(ZCidr).max(1000).optional(),
  }),
);

export const ZOperatorMerchantState = z.object({
  merchantCode: z.string(),
  maintenance: z.object({ enabled: z.boolean(), message: z.string(), until: z.string().nullable() }),
  region: z.object({ deniedCountries: z.array(z.string()), deniedIpRanges: z.array(z.string()) }),
  whitelabel: z.record(z.string(), z.boolean()),
  promotions: z.record(z.string(), z.boolean()),
  vip: z.object({ display: z.boolean(), benefits: z.boolean() }),
});
export type TOperatorMerchantState = z.infer<typeof ZOperatorMerchantState>;

/** An operator's public name: in the audit log and on a draw's verify page (never the token or its hash). */
export const ZOperatorLabel = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[^\p{Cc}]+$/u, 'Letters, digits, spaces and punctuation');

export const ZOperatorCredential = z.object({
  id: z.number().int(),
  label: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type TOperatorCredential = z.infer<typeof ZOperatorCredential>;
export const ZOperatorCredentials = z.object({ list: z.array(ZOperatorCredential) });
export type TOperatorCredentials = z.infer<typeof ZOperatorCredentials>;

export const ZOperatorCredentialCreate = z.object({ label: ZOperatorLabel.optional() });
/** A new operator token, answered once: only its hash is kept. */
export const ZOperatorCredentialCreated = ZOperatorCredential.extend({ token: z.string() });
export type TOperatorCredentialCreated = z.infer<typeof ZOperatorCredentialCreated>;
export const ZOperatorCredentialParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
