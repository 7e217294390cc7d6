import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS, PROFILE_API_PATHS } from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../../test/render';
import { loginResult, memberInfo, signIn } from '../../../test/fixtures';

const base = {
  [API_PATHS.memberInfo]: memberInfo(),
  [`POST ${API_PATHS.renewSession}`]: loginResult(),
};

describe('the profile picture in the member centre', () => {
  it('shows the member’s icon and changes it to another of our avatars', async () => {
    signIn();
    const fetchMock = mockApi({
      routes: {
        ...base,
        [PROFILE_API_PATHS.headIcon]: { kind: 'avatar', avatar: 'palm' },
        [`POST ${PROFILE_API_PATHS.headIcon}`]: { kind: 'avatar', avatar: 'tarsier' },
      },
    });
    renderApp('/m/mine', { language: 'EN' });
    const icon = await screen.findByTestId('mine-head-icon');
    await waitFor(() => expect(icon.querySelector('img')).toHaveAttribute('src', '/media/avatars/palm.svg'));
    fireEvent.click(icon);
    const palm = await screen.findByRole('button', { name: 'Picture: Coconut palm' });
    expect(palm).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('head-icon-option-tarsier'));
    await waitFor(() => expect(screen.queryByTestId('head-icon-sheet')).toBeNull());
    expect(screen.getByTestId('mine-head-icon').querySelector('img')).toHaveAttribute(
      'src',
      '/media/avatars/tarsier.svg',
    );
    const [sent] = requestsTo(fetchMock, PROFILE_API_PATHS.headIcon).filter((request) => request.method === 'POST');
    expect(sent?.body).toBe('avatar=tarsier');
    expect(sent?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('shows an uploaded picture, and the server’s refusal of a file that is not an image', async () => {
    signIn();
    mockApi({
      routes: {
        ...base,
        [PROFILE_API_PATHS.headIcon]: { kind: 'upload', version: '17' },
        [`POST ${PROFILE_API_PATHS.headIconImage}`]: {
          status: 415,
          body: { success: false, errorCode: 'upload.image.type', message: 'Only PNG or JPG images can be uploaded' },
        },
      },
    });
    renderApp('/m/mine', { language: 'EN' });
    const icon = await screen.findByTestId('mine-head-icon');
    await waitFor(() =>
      expect(icon.querySelector('img')).toHaveAttribute('src', `${PROFILE_API_PATHS.headIconImage}?v=17`),
    );
    fireEvent.click(icon);
    fireEvent.change(await screen.findByTestId('head-icon-input'), {
      target: { files: [new File(['MZ'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    expect(await screen.findByTestId('head-icon-error')).toHaveTextContent('Only PNG or JPG images can be uploaded');
  });
});
