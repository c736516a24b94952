/** What the auth feature shares with other features' components: the prompt asking the session's PIN again. */
export { PinConfirmDialog, type PinConfirmDialogProps } from "./components/PinConfirmDialog";
