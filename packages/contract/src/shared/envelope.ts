import { z } from 'zod';

export const ZFieldError = z.object({ field: z.string(), i18nKey: z.string(), message: z.string() });

export const ZFailure = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  message: z.string(),
  value: z
    .object({ fields: z.array(ZFieldError).optional() })
    .passthrough()
    .optional(),
});
export type TFailure = z.infer<typeof ZFailure>;

export function success<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

export type TSuccess<T> = { success: true; value: T };
export type TEnvelope<T> = TSuccess<T> | TFailure;
