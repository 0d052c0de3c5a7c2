/** The app's one page: contacts, a form to add one, and a form to text the tenant's first SMS conversation. */
export const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Contacts</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 40rem; padding: 0 1rem; }
      form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin: 1rem 0; }
      label { display: flex; flex-direction: column; }
      [role="status"] { min-height: 1.5em; }
    </style>
  </head>
  <body>
    <main>
      <h1>Contacts</h1>
      <ul aria-label="Contacts" id="contacts"></ul>
      <form id="add-contact" aria-label="Add a contact">
        <label>First name <input name="firstName" required /></label>
        <label>Last name <input name="lastName" /></label>
        <button type="submit">Add contact</button>
      </form>
      <h2>Text a customer</h2>
      <form id="send-sms" aria-label="Send an SMS">
        <label>Message <input name="body" required /></label>
        <button type="submit">Send SMS</button>
      </form>
      <p role="status" id="status"></p>
    </main>
    <script type="module">
      const status = document.getElementById('status');
      const show = (text) => { status.textContent = text; };
      async function api(method, path, body) {
        const response = await fetch(path, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = await response.json();
        if (!response.ok) throw new Error(json.error ?? response.statusText);
        return json;
      }
      async function load() {
        const { contacts } = await api('GET', '/api/contacts');
        const list = document.getElementById('contacts');
        list.replaceChildren(...contacts.map((c) => Object.assign(document.createElement('li'), { textContent: c.name })));
      }
      document.getElementById('add-contact').addEventListener('submit', async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        try {
          const { contact } = await api('POST', '/api/contacts', Object.fromEntries(new FormData(form)));
          form.reset();
          await load();
          show('Added ' + contact.name + '.');
        } catch (error) { show('Could not add the contact: ' + error.message); }
      });
      document.getElementById('send-sms').addEventListener('submit', async (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        try {
          const { message } = await api('POST', '/api/sms', Object.fromEntries(new FormData(form)));
          form.reset();
          show('SMS sent to ' + message.to + (message.simulated ? ' (sandbox: simulated).' : '.'));
        } catch (error) { show('Could not send the SMS: ' + error.message); }
      });
      load().catch((error) => show('Could not load the contacts: ' + error.message));
    </script>
  </body>
</html>
`;
