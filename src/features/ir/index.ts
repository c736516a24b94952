/** What the IR remotes feature shares: the list screen and the menu's link. */
export { RemotesList } from "./components/RemotesList";
export { RemotesLink } from "./components/RemotesLink";
