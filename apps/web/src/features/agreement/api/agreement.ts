import { queryOptions, useQuery } from '../../../shared/query/react';
import { CONTENT_API_PATHS, type Language, type TUserAgreement } from '@palaro/contract';
import { apiGet } from '../../../shared/api/client';
import { useLanguage } from '../../../shared/i18n/language';
import { agreementKeys } from './keys';

export function fetchUserAgreement(language: Language, signal?: AbortSignal): Promise<TUserAgreement> {
  return apiGet<TUserAgreement>(CONTENT_API_PATHS.userAgreement, { language }, signal);
}

export function userAgreementQueryOptions(language: () => Language) {
  return queryOptions({
    queryKey: agreementKeys.current(),
    queryFn: ({ signal }) => fetchUserAgreement(language(), signal),
  });
}

export function useUserAgreement() {
  const { contentLanguage } = useLanguage();
  return useQuery(userAgreementQueryOptions(contentLanguage));
}
