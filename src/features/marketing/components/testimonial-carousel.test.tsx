import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aboutTestimonials, homeTestimonials } from '@/features/marketing/content/testimonials';
import { TestimonialCarousel } from './testimonial-carousel';

describe('TestimonialCarousel', () => {
  it('shows each quote with the first name, city and what they sell, and says who these people are', () => {
    render(<TestimonialCarousel testimonials={homeTestimonials} />);
    const region = screen.getByRole('region', { name: 'Seller testimonials' });
    const slides = within(region).getAllByRole('group');
    expect(slides).toHaveLength(5);
    const first = within(slides[0]!);
    expect(first.getByText(/Typing each listing three times/)).toBeInTheDocument();
    expect(first.getByText('Jasmine, Atlanta, GA')).toBeInTheDocument();
    expect(first.getByText('Sells vintage denim and jackets')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Early users of the app, quoted with their permission. First names only, for their privacy.',
      ),
    ).toBeInTheDocument();
  });

  it('shows no star ratings: nobody rated anything', () => {
    render(<TestimonialCarousel testimonials={aboutTestimonials} label="What sellers say" />);
    expect(screen.queryByRole('img', { name: /stars/i })).not.toBeInTheDocument();
  });

  it('gives Home and About different people and quotes, five each', () => {
    expect(homeTestimonials).toHaveLength(5);
    expect(aboutTestimonials).toHaveLength(5);
    const home = new Set(homeTestimonials.flatMap((t) => [t.firstName, t.quote]));
    expect(aboutTestimonials.filter((t) => home.has(t.firstName) || home.has(t.quote))).toEqual([]);
  });
});
