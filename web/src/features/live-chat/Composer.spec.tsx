import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Composer } from './Composer';
import { CHAT_ID, createWrapper } from './test-support';

const CANNED = [
  { id: 'a1', shortcut: 'greeting', title: 'Greeting', body: 'Hello! How can I help you today?', shared: true, owner: null, updatedAt: '' },
  { id: 'a2', shortcut: 'refund', title: 'Refunds', body: 'Refunds are not offered.', shared: false, owner: null, updatedAt: '' },
];

afterEach(cleanup);

function setup() {
  const onSend = jest.fn();
  render(<Composer chatId={CHAT_ID} visitorToken={null} onSend={onSend} onTyping={() => undefined} canned={CANNED} />, {
    wrapper: createWrapper(),
  });
  return { onSend, input: screen.getByTestId<HTMLTextAreaElement>('chat-input') };
}

describe('the composer with canned responses', () => {
  it('offers the canned responses matching /shortcut as you type; Tab inserts the chosen one', () => {
    const { input, onSend } = setup();
    fireEvent.change(input, { target: { value: 'Hi there. /' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['/refund Refunds', '/greeting Greeting']);
    fireEvent.change(input, { target: { value: 'Hi there. /gr' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['/greeting Greeting']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(input.value).toBe('Hi there. Hello! How can I help you today?');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter now sends the text.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Hi there. Hello! How can I help you today?', null);
  });

  it('chooses with the arrows, inserts with Enter, and Escape closes the list', () => {
    const { input, onSend } = setup();
    fireEvent.change(input, { target: { value: '/' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('Hello! How can I help you today?');
    expect(onSend).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'and /re' } });
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.value).toBe('and /re');
  });

  it('refuses a file of the wrong type or over 10 MB before uploading', () => {
    setup();
    const fileInput = screen.getByTestId('chat-file-input');
    fireEvent.change(fileInput, { target: { files: [new File(['x'], 'notes.zip', { type: 'application/zip' })] } });
    expect(screen.getByTestId('chat-file-error').textContent).toBe('Only PNG, JPEG, GIF and WebP images and PDF documents can be sent.');
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(fileInput, { target: { files: [big] } });
    expect(screen.getByTestId('chat-file-error').textContent).toBe('That file is too large: files can be at most 10 MB.');
  });
});
