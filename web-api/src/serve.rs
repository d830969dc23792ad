//! The HTTP server loop: poem's endpoint on hyper's connections (HTTP/1 and HTTP/2), each
//! served until it ends, then dropped.
//!
//! `poem::Server` polls a connection once more after it ended (to shut it down gracefully).
//! When a client leaves in the middle of a streamed response, hyper ends the connection at the
//! client's FIN, but that second poll waits for the response body's next chunk: a realtime
//! stream kept its socket in CLOSE-WAIT, and its task and database re-checks alive, until two
//! keep-alives had failed (issue 36). Here a connection that ends takes its response with it.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use poem::endpoint::BoxEndpoint;
use poem::http::uri::Scheme;
use poem::web::{LocalAddr, RemoteAddr};
use poem::{Endpoint, EndpointExt, Request, Response};
use tokio::net::{TcpListener, TcpStream};

/// Serves `app` on `listener` until the task is dropped or aborted.
pub async fn serve(listener: TcpListener, app: impl Endpoint + 'static) -> std::io::Result<()> {
    let app: Arc<BoxEndpoint<'static, Response>> = Arc::new(app.map_to_response().boxed());
    let local = LocalAddr(listener.local_addr()?.into());
    loop {
        match listener.accept().await {
            Ok((socket, remote)) => {
                tokio::spawn(serve_connection(
                    socket,
                    local.clone(),
                    RemoteAddr(remote.into()),
                    app.clone(),
                ));
            }
            // Out of file descriptors and the like: wait a moment rather than spin.
            Err(error) => {
                tracing::warn!(%error, "could not accept a connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

async fn serve_connection(
    socket: TcpStream,
    local: LocalAddr,
    remote: RemoteAddr,
    app: Arc<BoxEndpoint<'static, Response>>,
) {
    let _ = socket.set_nodelay(true);
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let request = Request::from((request, local.clone(), remote.clone(), Scheme::HTTP));
        let app = app.clone();
        async move { Ok::<_, Infallible>(hyper::Response::from(app.get_response(request).await)) }
    });
    let served = auto::Builder::new(TokioExecutor::new())
        .serve_connection_with_upgrades(TokioIo::new(socket), service)
        .await;
    if let Err(error) = served {
        tracing::debug!(%error, "connection ended");
    }
}
