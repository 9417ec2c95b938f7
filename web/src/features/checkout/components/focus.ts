/** After a refused step, focus goes to the first field in error (its message is read with it). */
export function focusFirstInvalid(root: HTMLElement | null) {
  requestAnimationFrame(() => {
    const invalid = root?.querySelector<HTMLElement>(
      'input[aria-invalid="true"], textarea[aria-invalid="true"], select[aria-invalid="true"], [data-invalid] input, [role="alert"]',
    );
    invalid?.focus();
  });
}
