import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  invokeChannels,
  pushChannels,
  sendChannels,
  type InvokeMap,
  type IpcResult,
  type NavigatePayload,
  type OfflineState,
  type ResuelveBridge,
  type SendMap,
} from '../shared/ipc.ts';

/*
 * The whole surface the page gets: one function per allowed channel, never ipcRenderer itself,
 * so page code (or anything injected into it) cannot reach other channels or see event objects.
 */

function invoke<C extends keyof InvokeMap>(channel: C, payload: InvokeMap[C]['payload']): Promise<IpcResult<InvokeMap[C]['result']>> {
  return ipcRenderer.invoke(channel, payload) as Promise<IpcResult<InvokeMap[C]['result']>>;
}

function send<C extends keyof SendMap>(channel: C, payload: SendMap[C]): void {
  ipcRenderer.send(channel, payload);
}

const bridge: ResuelveBridge = {
  session: {
    signIn: (payload) => invoke(invokeChannels.sessionSignIn, { email: payload.email, password: payload.password }),
    refresh: () => invoke(invokeChannels.sessionRefresh, undefined),
    signOut: (payload) => invoke(invokeChannels.sessionSignOut, { accessToken: payload.accessToken }),
  },
  config: () => invoke(invokeChannels.appConfig, undefined),
  notify: (payload) => {
    const copy: SendMap['notify:show'] = { title: payload.title, body: payload.body };
    if (payload.path !== undefined) copy.path = payload.path;
    if (payload.kind !== undefined) copy.kind = payload.kind;
    send(sendChannels.notifyShow, copy);
  },
  openExternal: (payload) => send(sendChannels.shellOpenExternal, { url: payload.url }),
  setLanguage: (payload) => send(sendChannels.appSetLanguage, { language: payload.language }),
  onNavigate: (listener) => {
    const relay = (_event: IpcRendererEvent, payload: NavigatePayload): void => listener({ path: payload.path });
    ipcRenderer.on(pushChannels.appNavigate, relay);
    return () => {
      ipcRenderer.removeListener(pushChannels.appNavigate, relay);
    };
  },
  setBadge: (payload) => send(sendChannels.badgeSet, { pendingRequests: payload.pendingRequests, unreadMessages: payload.unreadMessages }),
  setUnsaved: (payload) => send(sendChannels.windowSetUnsaved, { unsaved: payload.unsaved }),
  offline: {
    read: () => invoke(invokeChannels.offlineRead, undefined),
    enqueue: (payload) =>
      invoke(
        invokeChannels.offlineEnqueue,
        payload.text === undefined ? { kind: payload.kind, job_id: payload.job_id } : { kind: payload.kind, job_id: payload.job_id, text: payload.text },
      ),
    flush: () => invoke(invokeChannels.offlineFlush, undefined),
    dismiss: (payload) => invoke(invokeChannels.offlineDismiss, { id: payload.id }),
    onChanged: (listener) => {
      const relay = (_event: IpcRendererEvent, state: OfflineState): void => listener(state);
      ipcRenderer.on(pushChannels.offlineChanged, relay);
      return () => {
        ipcRenderer.removeListener(pushChannels.offlineChanged, relay);
      };
    },
  },
};

contextBridge.exposeInMainWorld('resuelve', bridge);
