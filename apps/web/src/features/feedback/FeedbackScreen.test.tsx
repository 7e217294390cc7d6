import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS, type TFeedbackItem, type TFeedbackPage, FEEDBACK_API_PATHS } from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, memberInfo, signIn } from '../../test/fixtures';
import { refusalOf } from '../../shared/uploads/images';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (name = 'a.png') => new File([new Uint8Array([...PNG_HEAD, 1, 2, 3])], name, { type: 'image/png' });

const item = (over: Partial<TFeedbackItem> = {}): TFeedbackItem => ({
  id: 4,
  category: 'withdrawal',
  content: 'My withdrawal took two hours to arrive',
  status: 'pending',
  imageIds: [],
  answer: null,
  answeredAt: null,
  createdAt: '2026-12-01T02:00:00Z',
  ...over,
});
const page = (list: TFeedbackItem[] = []): TFeedbackPage => ({
  rules: {
    minWords: 3,
    maxWords: 8,
    maxImages: 3,
    maxImageBytes: 5 * 1024 * 1024,
    categories: ['deposit', 'withdrawal', 'games', 'account', 'suggestion', 'other'],
  },
  list,
});
const base = {
  [API_PATHS.memberInfo]: memberInfo(),
  [`POST ${API_PATHS.renewSession}`]: loginResult(),
};

describe('the picked image check', () => {
  it('refuses by content and size, before any upload', async () => {
    expect(await refusalOf(png())).toBeNull();
    expect(await refusalOf(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'b.jpg'))).toBeNull();
    expect(await refusalOf(new File(['MZ\x90\x00 this program'], 'renamed.png', { type: 'image/png' }))).toBe(
      'in_upload_image_type',
    );
    const large = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png');
    expect(await refusalOf(large)).toBe('in_upload_image_size');
  });
});

describe('feedback screen', () => {
  it('counts words live against the merchant’s bounds and sends category, text and uploaded images', async () => {
    signIn();
    let uploads = 0;
    const fetchMock = mockApi({
      routes: {
        ...base,
        [FEEDBACK_API_PATHS.feedback]: page(),
        [`POST ${FEEDBACK_API_PATHS.feedbackImages}`]: () => ({
          imageId: `img${++uploads}_____________________`.slice(0, 22),
          contentType: 'image/png' as const,
          sizeBytes: 11,
        }),
        [`PUT ${FEEDBACK_API_PATHS.feedback}`]: item({ id: 9, category: 'games' }),
      },
    });
    renderApp('/m/feedback', { language: 'EN' });
    const content = await screen.findByTestId('feedback-content');
    expect(screen.getByTestId('feedback-word-count')).toHaveTextContent('between 3 and 8 words');
    fireEvent.change(content, { target: { value: 'one two' } });
    expect(screen.getByTestId('feedback-word-count')).toHaveTextContent('2 words');

    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByTestId('field-error-category')).toHaveTextContent('Choose a category');
    expect(screen.getByTestId('field-error-content')).toHaveTextContent('between 3 and 8 words');
    expect(requestsTo(fetchMock, FEEDBACK_API_PATHS.feedback).filter((r) => r.method === 'PUT')).toEqual([]);

    fireEvent.click(screen.getByTestId('feedback-category-games'));
    fireEvent.change(content, { target: { value: 'the slot froze after a spin' } });
    const input = screen.getByTestId('feedback-image-input');
    fireEvent.change(input, { target: { files: [png('1.png'), png('2.png')] } });
    await waitFor(() => expect(document.querySelectorAll('.fb-thumb--ready')).toHaveLength(2));
    expect(screen.getByTestId('feedback-images-count')).toHaveTextContent('2/3');
    // A third fits; a fourth has no room, and the add button is gone.
    fireEvent.change(input, { target: { files: [png('3.png'), png('4.png')] } });
    expect(await screen.findByTestId('feedback-image-refusal')).toHaveTextContent('At most 3 images');
    await waitFor(() => expect(document.querySelectorAll('.fb-thumb--ready')).toHaveLength(3));
    expect(screen.queryByTestId('feedback-image-add')).toBeNull();

    fireEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, FEEDBACK_API_PATHS.feedback).find((r) => r.method === 'PUT')?.body).toEqual({
        category: 'games',
        content: 'the slot froze after a spin',
        imageIds: ['img1__________________', 'img2__________________', 'img3__________________'],
      }),
    );
    expect(requestsTo(fetchMock, FEEDBACK_API_PATHS.feedbackImages)).toHaveLength(3);
  });

  it('refuses a renamed file before uploading it', async () => {
    signIn();
    const fetchMock = mockApi({ routes: { ...base, [FEEDBACK_API_PATHS.feedback]: page() } });
    renderApp('/m/feedback', { language: 'TY' });
    const input = await screen.findByTestId('feedback-image-input');
    fireEvent.change(input, {
      target: { files: [new File(['MZ this program'], 'photo.jpg', { type: 'image/jpeg' })] },
    });
    expect(await screen.findByTestId('feedback-image-refusal')).toHaveTextContent(
      'PNG o JPG na larawan lang ang puwedeng i-upload',
    );
    expect(requestsTo(fetchMock, FEEDBACK_API_PATHS.feedbackImages)).toEqual([]);
  });

  it('lists my feedback with its status and the operator’s answer, or says there is none', async () => {
    signIn();
    mockApi({
      routes: {
        ...base,
        [FEEDBACK_API_PATHS.feedback]: page([
          item({
            id: 5,
            status: 'answered',
            answer: 'Fixed on our side, thank you!',
            answeredAt: '2026-12-02T03:00:00Z',
            imageIds: ['abcdefghijklmnopqrstuv'],
          }),
          item(),
        ]),
      },
    });
    renderApp('/m/feedback', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('feedback-tab-mine'));
    const items = await screen.findAllByTestId('feedback-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Answered');
    expect(screen.getByTestId('feedback-answer')).toHaveTextContent('Fixed on our side, thank you!');
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/wps/feedback/images/abcdefghijklmnopqrstuv');
    expect(items[1]).toHaveTextContent('Awaiting answer');
  });

  it('shows the empty state, and an error with a retry', async () => {
    signIn();
    let failing = true;
    mockApi({
      routes: {
        ...base,
        [FEEDBACK_API_PATHS.feedback]: () =>
          failing
            ? { status: 503, body: { success: false, errorCode: 'upstream.unavailable', message: 'busy' } }
            : page(),
      },
    });
    renderApp('/m/feedback', { language: 'EN' });
    expect(await screen.findByTestId('feedback-error')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    fireEvent.click(await screen.findByTestId('feedback-tab-mine'));
    expect(await screen.findByTestId('feedback-empty')).toHaveTextContent('No feedback yet');
  });
});
