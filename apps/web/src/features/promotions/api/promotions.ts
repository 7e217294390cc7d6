import {
  PROMOTION_API_PATHS,
  promotionPath,
  type Language,
  type TApplicationRequest,
  type TClaimResult,
  type TPromotionDetail,
  type TPromotionList,
  type TPromotionUpload,
  type TRewardCentre,
} from '@palaro/contract';
import { MEMBER_SCOPE } from '../../../shared/api/queryKeys';
import { apiGet, apiRequest } from '../../../shared/api/client';
import type { QueryClient } from '../../../shared/query/client';
import { useQuery } from '../../../shared/query/react';

/** The promotions feature's query keys: member-scoped, so sign-out forgets them. */
export const promotionKeys = {
  all: [MEMBER_SCOPE, 'promotions'] as const,
  list: (language: Language) => [MEMBER_SCOPE, 'promotions', 'list', language] as const,
  detail: (id: number, language: Language) => [MEMBER_SCOPE, 'promotions', 'detail', id, language] as const,
  centre: (language: Language) => [MEMBER_SCOPE, 'promotions', 'centre', language] as const,
};

export function usePromotionList(language: Language, enabled: boolean) {
  return useQuery({
    queryKey: promotionKeys.list(language),
    queryFn: ({ signal }) => apiGet<TPromotionList>(PROMOTION_API_PATHS.promotions, { language }, signal),
    staleTime: 0,
    enabled,
  });
}

export function usePromotionDetail(id: number, language: Language, enabled: boolean) {
  return useQuery({
    queryKey: promotionKeys.detail(id, language),
    queryFn: ({ signal }) =>
      apiGet<TPromotionDetail>(promotionPath(PROMOTION_API_PATHS.promotion, id), { language }, signal),
    staleTime: 0,
    enabled,
  });
}

export function useRewardCentre(language: Language, enabled: boolean) {
  return useQuery({
    queryKey: promotionKeys.centre(language),
    queryFn: ({ signal }) => apiGet<TRewardCentre>(PROMOTION_API_PATHS.rewardCentre, { language }, signal),
    staleTime: 0,
    enabled,
  });
}

export const claimPromotion = (id: number, language: Language) =>
  apiRequest<TClaimResult>('POST', promotionPath(PROMOTION_API_PATHS.promotionClaim, id), {
    params: { language },
    json: {},
  });

export const joinPromotion = (id: number, language: Language) =>
  apiRequest<TPromotionDetail>('POST', promotionPath(PROMOTION_API_PATHS.promotionJoin, id), {
    params: { language },
    json: {},
  });

export const applyForPromotion = (id: number, language: Language, request: TApplicationRequest) =>
  apiRequest<TPromotionDetail>('PUT', promotionPath(PROMOTION_API_PATHS.promotionApply, id), {
    params: { language },
    json: request,
  });

export const uploadApplicationImage = (file: Blob) =>
  apiRequest<TPromotionUpload>('POST', PROMOTION_API_PATHS.promotionImages, { file });

/** After a claim, a join or an application: every promotion view and the turnover are read again. */
export function afterPromotionChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: promotionKeys.all });
  void queryClient.invalidateQueries({ queryKey: [MEMBER_SCOPE] });
}
