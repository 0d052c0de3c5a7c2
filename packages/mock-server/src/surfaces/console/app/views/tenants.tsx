/** Tenants: their mode, modules, capabilities, numbers and users. */
import type { Shared } from '../shared.js';
import { Badge, CopyButton } from '../ui.js';

export function TenantsView({ shared }: { shared: Shared }) {
  if (shared.tenants.length === 0) return <p class="muted">No tenants in this scenario.</p>;
  return (
    <ul class="cards">
      {shared.tenants.map((tenant) => (
        <li key={tenant.id} class="card">
          <h3>
            {tenant.name} <Badge value={tenant.mode} />
          </h3>
          <p class="row">
            <code class="mono">{tenant.id}</code>
            <CopyButton text={tenant.id} label={`Copy the id of tenant ${tenant.name}`} />
          </p>
          <dl class="facts">
            <dt>Modules</dt>
            <dd>{tenant.modules.join(', ') || 'none'}</dd>
            <dt>Capabilities</dt>
            <dd>{tenant.capabilities.join(', ') || 'none'}</dd>
            <dt>SMS numbers</dt>
            <dd>{tenant.smsNumbers.join(', ') || 'none'}</dd>
          </dl>
          <div class="scroll" tabIndex={0} role="region" aria-label={`Users of ${tenant.name}`}>
            <table>
              <caption>Users ({tenant.users.length})</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Extension</th>
                </tr>
              </thead>
              <tbody>
                {tenant.users.map((user) => (
                  <tr key={user.id}>
                    <td>
                      {user.firstName} {user.lastName}
                    </td>
                    <td>{user.email}</td>
                    <td>{user.extension ?? 'none'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </li>
      ))}
    </ul>
  );
}
