import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const isDark = () => document.documentElement.classList.contains('dark');

describe('theme', () => {
  it('is dark by default and stores the toggled mode under "theme"', async () => {
    mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderApp({ session: null });
    const toggle = await screen.findByRole('button', { name: 'Toggle dark mode' });

    expect(isDark()).toBe(true);
    expect(localStorage.getItem('theme')).toBeNull();

    await user.click(toggle);
    expect(isDark()).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');

    await user.click(toggle);
    expect(isDark()).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('starts in the stored light mode', async () => {
    localStorage.setItem('theme', 'light');
    mockFetch({});
    renderApp({ session: null });
    await screen.findByRole('button', { name: 'Toggle dark mode' });
    expect(isDark()).toBe(false);
  });

  it('treats an unknown stored value as dark', async () => {
    localStorage.setItem('theme', 'sepia');
    mockFetch({});
    renderApp({ session: null });
    await screen.findByRole('button', { name: 'Toggle dark mode' });
    expect(isDark()).toBe(true);
  });
});
