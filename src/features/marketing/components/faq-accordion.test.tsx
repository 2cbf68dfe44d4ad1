import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { FaqGroup } from '@/features/marketing/content/faqs';
import { FaqAccordion } from './faq-accordion';

const groups: FaqGroup[] = [
  {
    id: 'using',
    title: 'How to use the product',
    items: [
      { question: 'What is the Thrifting Explorer?', answer: ['Our free search tool.'] },
      {
        question: 'Where do the numbers come from?',
        answer: ['Every figure names its source.'],
        slot: 'market-sources',
      },
    ],
  },
];

describe('FAQ answers with a slot', () => {
  it('puts what the route gives under the answer that asks for it, and only there (issue 28)', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <FaqAccordion groups={groups} slots={{ 'market-sources': <p>On this site now: demo data</p> }} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: /How to use the product/ }));
    await user.click(screen.getByRole('button', { name: 'What is the Thrifting Explorer?' }));
    expect(screen.getByText('Our free search tool.')).toBeInTheDocument();
    expect(screen.queryByText('On this site now: demo data')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Where do the numbers come from?' }));
    const answer = screen.getByRole('region', { name: 'Where do the numbers come from?' });
    expect(answer).toHaveTextContent('Every figure names its source.On this site now: demo data');
  });

  it('shows the general answer alone when the route gives nothing', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <FaqAccordion groups={groups} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: /How to use the product/ }));
    await user.click(screen.getByRole('button', { name: 'Where do the numbers come from?' }));
    expect(screen.getByRole('region', { name: 'Where do the numbers come from?' })).toHaveTextContent(
      /^Every figure names its source\.$/,
    );
  });
});
