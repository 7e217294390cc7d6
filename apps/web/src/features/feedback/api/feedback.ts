import { queryOptions, useQuery } from '../../../shared/query/react';
import type { QueryClient } from '../../../shared/query/client';
import {
  feedbackImagePath,
  type TFeedbackItem,
  type TFeedbackPage,
  type TFeedbackRequest,
  type TFeedbackUpload,
  FEEDBACK_API_PATHS,
} from '@palaro/contract';
import { apiDelete, apiGet, apiRequest } from '../../../shared/api/client';
import { feedbackKeys } from './keys';

export const fetchFeedbackPage = (signal?: AbortSignal) =>
  apiGet<TFeedbackPage>(FEEDBACK_API_PATHS.feedback, undefined, signal);

export const feedbackPageQueryOptions = queryOptions({
  queryKey: feedbackKeys.page,
  queryFn: ({ signal }) => fetchFeedbackPage(signal),
  staleTime: 0,
});

/** The form's rules (word bounds, images) and the member's feedback with the answers. */
export function useFeedbackPage(enabled: boolean) {
  return useQuery({ ...feedbackPageQueryOptions, enabled });
}

/** One image's raw bytes; the server decides its type from them. */
export const uploadFeedbackImage = (file: Blob) =>
  apiRequest<TFeedbackUpload>('POST', FEEDBACK_API_PATHS.feedbackImages, { file });

export const removeFeedbackImage = (imageId: string) => apiDelete<unknown>(feedbackImagePath(imageId));

export const submitFeedback = (request: TFeedbackRequest) =>
  apiRequest<TFeedbackItem>('PUT', FEEDBACK_API_PATHS.feedback, { json: request });

export function afterFeedbackSent(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: feedbackKeys.page });
}
