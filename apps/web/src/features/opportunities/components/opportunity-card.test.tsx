import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { OpportunityListItem } from '@pathways/shared/opportunities/opportunities.schemas';

import { renderWithProviders } from '../../../testing/test-utils';
import { OpportunityCard } from './opportunity-card';

const opportunity: OpportunityListItem = {
  id: 42,
  name: 'Engineering Bursary 2027',
  kind: 'bursary',
  summary: 'Full tuition for engineering students.',
  logo: null,
  publishedAt: '2026-11-01T00:00:00.000Z',
  opensAt: '2026-11-01T00:00:00.000Z',
  closesAt: '2099-01-31T12:00:00.000Z',
  commencesAt: null,
  isOpen: true,
  organization: { id: 3, name: 'Karoo Mining', logo: null },
  locations: [
    { id: 1, address: '1 Main Rd', city: 'Kimberley', latitude: -28.7, longitude: 24.7 },
    { id: 2, address: '2 Long St', city: 'Cape Town', latitude: -33.9, longitude: 18.4 },
  ],
  // A result carries its two nearest places and counts them all.
  locationCount: 40,
  distanceInMeters: 12_400,
};

describe('OpportunityCard', () => {
  it('links the name to the opportunity page and shows what a candidate scans for', () => {
    renderWithProviders(<OpportunityCard opportunity={opportunity} />);
    const card = screen.getByRole('article', { name: 'Engineering Bursary 2027' });
    expect(card).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Engineering Bursary 2027' });
    expect(link.getAttribute('href')).toBe('/opportunities/42/engineering-bursary-2027');
    expect(
      screen.getByRole('heading', { level: 3, name: 'Engineering Bursary 2027' }),
    ).toBeTruthy();
    expect(screen.getByText('Karoo Mining')).toBeTruthy();
    expect(screen.getByText('Bursary')).toBeTruthy();
    expect(screen.getByText('Closes 31 January 2099')).toBeTruthy();
    expect(screen.getByText('Kimberley and 39 more · 12 km away')).toBeTruthy();
    expect(screen.queryByText('You qualify')).toBeNull();
  });

  it('says "You qualify" only when the candidate is eligible', () => {
    const { unmount } = renderWithProviders(
      <OpportunityCard opportunity={{ ...opportunity, eligible: true }} />,
    );
    expect(screen.getByText('You qualify')).toBeTruthy();
    unmount();
    renderWithProviders(<OpportunityCard opportunity={{ ...opportunity, eligible: false }} />);
    expect(screen.queryByText('You qualify')).toBeNull();
  });

  it('marks a closed one closed and never says "You qualify" on it', () => {
    const closed = {
      ...opportunity,
      opensAt: '2025-01-01T00:00:00.000Z',
      closesAt: '2025-02-01T00:00:00.000Z',
      isOpen: false,
      eligible: true,
    };
    renderWithProviders(<OpportunityCard opportunity={closed} />);
    expect(screen.getByText('Closed')).toBeTruthy();
    expect(screen.getByText('Closed 1 February 2025')).toBeTruthy();
    expect(screen.queryByText('You qualify')).toBeNull();
  });

  it('leaves out the distance without a centre and the place without locations', () => {
    const { unmount } = renderWithProviders(
      <OpportunityCard opportunity={{ ...opportunity, distanceInMeters: null }} />,
    );
    expect(screen.getByText('Kimberley and 39 more')).toBeTruthy();
    unmount();
    renderWithProviders(
      <OpportunityCard
        opportunity={{ ...opportunity, locations: [], locationCount: 0, distanceInMeters: null }}
        headingLevel="h2"
      />,
    );
    expect(screen.queryByText(/Kimberley/)).toBeNull();
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy();
  });

  it('names only the nearest place when it has one place', () => {
    renderWithProviders(
      <OpportunityCard
        opportunity={{
          ...opportunity,
          locations: opportunity.locations.slice(0, 1),
          locationCount: 1,
        }}
      />,
    );
    expect(screen.getByText('Kimberley · 12 km away')).toBeTruthy();
  });

  describe('the logo', () => {
    const withLogo = { ...opportunity, logo: 'https://files.example.test/logo.png' };
    afterEach(() => {
      delete (navigator as { connection?: unknown }).connection;
    });

    it('is sized and loads lazily', () => {
      const { container } = renderWithProviders(<OpportunityCard opportunity={withLogo} />);
      const img = container.querySelector('img');
      expect(img?.getAttribute('src')).toBe(withLogo.logo);
      expect(img?.getAttribute('width')).toBe('40');
      expect(img?.getAttribute('height')).toBe('40');
      expect(img?.getAttribute('loading')).toBe('lazy');
    });

    it('is not fetched when the browser asks to save data', () => {
      Object.defineProperty(navigator, 'connection', {
        value: { saveData: true },
        configurable: true,
      });
      const { container } = renderWithProviders(<OpportunityCard opportunity={withLogo} />);
      expect(container.querySelector('img')).toBeNull();
      expect(screen.getByRole('link', { name: 'Engineering Bursary 2027' })).toBeTruthy();
    });
  });
});
