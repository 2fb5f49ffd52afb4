import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

// Both load their Radix parts on first use (issue 11); these check that the first use still works as Radix does.

function Menu({ onSelect }: { onSelect: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger>Account menu</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onSelect}>Sign out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

describe('lazily loaded dropdown menus', () => {
  it('is a closed menu button before its first use, and the first Enter opens it', async () => {
    const onSelect = vi.fn();
    render(<Menu onSelect={onSelect} />);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    trigger.focus();
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    // The open (modal) menu hides the rest of the page from assistive technology.
    expect(screen.getByRole('button', { name: 'Account menu', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(onSelect).toHaveBeenCalledOnce();
    expect(menu).not.toBeInTheDocument();
  });

  it('opens on the first click too', async () => {
    render(<Menu onSelect={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });
});

describe('lazily loaded tooltips', () => {
  it('shows on the first focus and leaves focus on the trigger', async () => {
    render(
      <TooltipProvider>
        <Tooltip>
          <TooltipTrigger asChild>
            <button type="button">Connection</button>
          </TooltipTrigger>
          <TooltipContent>Live updates are on</TooltipContent>
        </Tooltip>
      </TooltipProvider>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.setup().tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Live updates are on');
    expect(screen.getByRole('button', { name: 'Connection' })).toHaveFocus();
  });
});
