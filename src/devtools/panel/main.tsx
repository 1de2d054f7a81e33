import { render } from 'preact';
import '../../ui/theme.css';

function Panel() {
  return <main>Keyhole panel</main>;
}

render(<Panel />, document.getElementById('app')!);
