import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoticeMarquee } from './NoticeMarquee';
import { item } from '../../../test/fixtures';
import { renderInRouter } from '../../../test/render';

describe('NoticeMarquee', () => {
  it('shows the no-announcement text when there are no notices', () => {
    renderInRouter(<NoticeMarquee notices={[]} />);
    expect(screen.getByTestId('notice-marquee')).toHaveTextContent('Walang anunsyo');
  });

  it('shows the no-announcement text in English too', () => {
    renderInRouter(<NoticeMarquee notices={[]} />, '/m/home', 'EN');
    expect(screen.getByTestId('notice-marquee')).toHaveTextContent('No announcement');
  });

  it('scrolls the notice titles and opens /m/notice on click', async () => {
    renderInRouter(<NoticeMarquee notices={[item('1', 'GCash maintenance'), item('2', 'Bagong laro')]} />);
    const marquee = screen.getByTestId('notice-marquee');
    expect(marquee).toHaveTextContent('GCash maintenance');
    expect(marquee).toHaveTextContent('Bagong laro');
    expect(marquee).not.toHaveTextContent('Walang anunsyo');
    fireEvent.click(marquee);
    expect(await screen.findByTestId('location')).toHaveTextContent('/m/notice');
  });
});
