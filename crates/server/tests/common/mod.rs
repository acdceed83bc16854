//! A server on `127.0.0.1:0` in its own thread, and a small HTTP client that keeps error answers.
#![allow(dead_code)] // Each test file uses its own part of these helpers.

use std::net::SocketAddr;
use std::path::Path;
use std::thread::JoinHandle;

use hamle_server::App;
use serde_json::Value;

/// A running server; dropping it stops it.
pub struct Server {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Serves `app` on a free loopback port.
    pub fn start(app: App) -> Server {
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (tell, told) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Runtime::new().expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
                tell.send(listener.local_addr().expect("an address")).expect("the test waits");
                axum::serve(listener, hamle_server::router(app))
                    .with_graceful_shutdown(async {
                        stopped.await.ok();
                    })
                    .await
                    .expect("serving");
            });
        });
        let addr = told.recv().expect("the server's address");
        Server { addr, stop: Some(stop), thread: Some(thread) }
    }

    /// Serves the store in the file at `path`.
    pub fn on_file(path: &Path) -> Server {
        Server::start(App::open(path).expect("the store opens"))
    }

    /// Serves a store in memory.
    pub fn in_memory() -> Server {
        Server::start(App::in_memory().expect("the store opens"))
    }

    pub fn client(&self) -> Client {
        let agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        Client { base: format!("http://{}", self.addr), agent, token: None }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop.send(()).ok();
        }
        if let Some(thread) = self.thread.take() {
            thread.join().ok();
        }
    }
}

/// An HTTP client with an optional player token.
pub struct Client {
    base: String,
    agent: ureq::Agent,
    pub token: Option<String>,
}

fn answer(result: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> (u16, Value) {
    let mut response = result.unwrap_or_else(|e| panic!("the server answers: {e}"));
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().expect("a body");
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

impl Client {
    /// A client with a new player's token.
    pub fn player(server: &Server) -> Client {
        let mut client = server.client();
        let (status, body) = client.post("/api/players", "");
        assert_eq!(status, 201, "{body}");
        client.token = Some(body["token"].as_str().expect("a token").to_owned());
        client
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        let mut request = self.agent.get(format!("{}{path}", self.base));
        if let Some(t) = &self.token {
            request = request.header("Authorization", format!("Bearer {t}"));
        }
        answer(request.call())
    }

    pub fn post(&self, path: &str, body: &str) -> (u16, Value) {
        let mut request = self.agent.post(format!("{}{path}", self.base)).header("Content-Type", "application/json");
        if let Some(t) = &self.token {
            request = request.header("Authorization", format!("Bearer {t}"));
        }
        answer(request.send(body))
    }

    /// Creates a game, expecting success; its state.
    pub fn create(&self, setup: &Value) -> Value {
        let (status, body) = self.post("/api/games", &setup.to_string());
        assert_eq!(status, 201, "{body}");
        body
    }

    /// Sends an action, expecting success; the new state.
    pub fn act(&self, id: &str, action: &Value) -> Value {
        let (status, body) = self.post(&format!("/api/games/{id}/actions"), &action.to_string());
        assert_eq!(status, 200, "{action} → {body}");
        body
    }

    pub fn state(&self, id: &str) -> Value {
        let (status, body) = self.get(&format!("/api/games/{id}"));
        assert_eq!(status, 200, "{body}");
        body
    }
}

/// The person's next action in a Hapis match by always taking the first legal step; `None` at the match's end.
pub fn first_step(state: &Value) -> Option<Value> {
    match state["phase"].as_str()? {
        "opening" | "roll" => Some(serde_json::json!({ "action": "roll" })),
        "move" => {
            let step = &state["legal"]["steps"][0];
            let to = step["to"].as_u64().map_or("off".to_owned(), |t| t.to_string());
            Some(serde_json::json!({ "action": "step", "step": format!("{}/{to}", step["from"]) }))
        }
        "game_over" => Some(serde_json::json!({ "action": "next" })),
        _ => None,
    }
}
