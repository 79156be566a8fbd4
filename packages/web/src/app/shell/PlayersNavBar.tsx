// The navigation bar for a signed-in player on a public page (the not-found page): nothing for a visitor. Its own
// chunk, so the landing's download carries neither the session's code nor the bar's.
import { useMe } from "../session";
import { NavBar } from "./NavBar";

export default function PlayersNavBar() {
  const me = useMe();
  return me.data ? <NavBar /> : null;
}
