import { Modal } from '@learning/platform';
import { renderWithPlatform } from '@learning/platform/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

function Page() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Нээх
      </button>
      {isOpen && (
        <Modal title="Хичээл" onClose={() => setOpen(false)}>
          <a href="#first">Эхний</a>
          <button type="button">Сүүлийн</button>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('takes the focus, keeps Tab inside, closes on Escape and gives the focus back', async () => {
    renderWithPlatform(<Page />);
    const opener = screen.getByRole('button', { name: 'Нээх' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Хичээл' });
    expect(dialog).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Хаах' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Сүүлийн' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Хаах' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Сүүлийн' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on its close button and on a click beside it, and makes the page behind inert while open', async () => {
    const { container } = renderWithPlatform(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Нээх' }));
    expect(container).toHaveAttribute('inert');
    await userEvent.click(screen.getByRole('button', { name: 'Хаах' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(container).not.toHaveAttribute('inert');

    await userEvent.click(screen.getByRole('button', { name: 'Нээх' }));
    await userEvent.click(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes only the dialog on top on Escape, when one was opened from another', async () => {
    const closeOuter = jest.fn();
    function Nested() {
      const [isInnerOpen, setInnerOpen] = useState(false);
      return (
        <Modal title="Багц" onClose={closeOuter}>
          <button type="button" onClick={() => setInnerOpen(true)}>
            Төлөх
          </button>
          {isInnerOpen && (
            <Modal title="QPay" onClose={() => setInnerOpen(false)}>
              <p>QR</p>
            </Modal>
          )}
        </Modal>
      );
    }
    renderWithPlatform(<Nested />);
    const opener = screen.getByRole('button', { name: 'Төлөх' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'QPay' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'QPay' })).not.toBeInTheDocument();
    expect(closeOuter).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Багц' }).parentElement).not.toHaveAttribute('inert');
  });
});
