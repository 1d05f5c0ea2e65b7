/** Projects: the merchant's list, a new one, and a project's name, descriptor, addresses and switch. */
import { useState } from 'preact/hooks';
import { api, credentials, merchant, projectPath } from '../api';
import { currentProject, loadProjects, projects, textOf, type Project } from '../state';
import { Check, Done, Editor, Field, RecordForm, TableRegion, fieldErrors, useForm, type Editing } from '../ui';

interface Draft {
  name: string;
  descriptor: string;
  url: string;
  return_url: string;
  enabled: boolean;
}

const draftOf = (project: Project | null): Draft => ({
  name: textOf(project?.name), descriptor: project?.descriptor ?? '', url: project?.url ?? '', return_url: project?.return_url ?? '', enabled: project?.enabled ?? true,
});

/** The body of a create or an update: fields left empty are not sent (an update keeps them). */
function bodyOf(draft: Draft, project: Project | null) {
  return {
    name: { ...(project?.name ?? {}), en: draft.name },
    ...(draft.descriptor ? { descriptor: draft.descriptor } : {}),
    ...(draft.url ? { url: draft.url } : {}),
    ...(draft.return_url ? { return_url: draft.return_url } : {}),
    enabled: draft.enabled,
  };
}

function ProjectForm({ project, onDone }: { project: Project | null; onDone: (text: string) => void }) {
  const { draft, set, error, submit } = useForm(() => draftOf(project), async (d) => {
    if (project) {
      await api('PUT', projectPath(project.id), bodyOf(d, project));
    } else {
      const { body } = await api<{ id: number }>('POST', merchant(`merchants/${credentials.value!.merchantId}/projects`), bodyOf(d, null));
      currentProject.value = body.id;
    }
    await loadProjects();
    return project ? `Project ${project.id} saved.` : `Project "${d.name}" created.`;
  }, onDone);
  const prefix = project ? `project-${project.id}` : 'new-project';

  return (
    <RecordForm title={project ? `Edit project ${project.id}` : 'New project'} submitLabel={project ? 'Save project' : 'Create project'} onSubmit={submit} error={error}>
      <Field id={`${prefix}-name`} label="Name (English)" value={draft.name} onInput={(name) => set({ name })} required errors={fieldErrors(error, 'name')} />
      <Field id={`${prefix}-descriptor`} label="Descriptor" hint="Up to 12 characters, the short name in reports." value={draft.descriptor} onInput={(descriptor) => set({ descriptor })} errors={fieldErrors(error, 'descriptor')} />
      <Field id={`${prefix}-url`} label="Website" type="url" value={draft.url} onInput={(url) => set({ url })} errors={fieldErrors(error, 'url')} />
      <Field id={`${prefix}-return`} label="Return address after payment" type="url" value={draft.return_url} onInput={(return_url) => set({ return_url })} errors={fieldErrors(error, 'return_url')} />
      <Check id={`${prefix}-enabled`} label="Enabled" checked={draft.enabled} onChange={(enabled) => set({ enabled })} />
    </RecordForm>
  );
}

export function Projects() {
  const [editing, setEditing] = useState<Editing<Project>>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <Done text={done} />
      <TableRegion label="Projects">
        <table>
          <thead><tr><th scope="col">Id</th><th scope="col">Name</th><th scope="col">Descriptor</th><th scope="col">Enabled</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {projects.value.map((project) => (
              <tr key={project.id}>
                <td>{project.id}</td>
                <td>{textOf(project.name)}</td>
                <td><code>{project.descriptor ?? ''}</code></td>
                <td>{project.enabled ? 'yes' : 'no'}</td>
                <td><button type="button" onClick={() => setEditing(project)} aria-label={`Edit project ${textOf(project.name)}`}>Edit</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <Editor editing={editing} setEditing={setEditing} newLabel="New project" onDone={setDone} form={(project, done) => <ProjectForm project={project} onDone={done} />} />
    </>
  );
}
