/** The id of the `<script type="application/json">` a server-rendered page keeps its state in (app/server-page.ts). */
export const serverPageStateId = 'rs-page-state';
