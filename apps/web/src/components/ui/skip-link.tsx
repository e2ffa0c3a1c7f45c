/** The id of the element that holds each page's content (its main landmark), where the skip link goes. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first Tab stop of every page: past the header and the 50-entry sidebar to the content in one Enter.
 * Focus moves with it, so the next Tab is the page's first control.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      Skip to main content
    </a>
  );
}
