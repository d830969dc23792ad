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
use tokio::task::JoinSet;

use crate::drain::Draining;

/// Serves `app` on `listener` until the task is dropped or aborted, or until `draining`
/// begins. Then it goes on as before for the first fifth of `grace`, while load balancers
/// notice the failing readiness; after that it takes no new connection, each open one closes
/// once its request in hand is answered, and whatever is still open after `grace` is cut off.
pub async fn serve(
    listener: TcpListener,
    app: impl Endpoint + 'static,
    draining: Draining,
    grace: Duration,
) -> std::io::Result<()> {
    let app: Arc<BoxEndpoint<'static, Response>> = Arc::new(app.map_to_response().boxed());
    let local = LocalAddr(listener.local_addr()?.into());
    let mut connections = JoinSet::new();
    // Told to the connections when the notice is over: close after the request in hand.
    let closing = Draining::default();
    let notice = grace / 5;
    let mut stop_accepting = std::pin::pin!(async {
        draining.started().await;
        tokio::time::sleep(notice).await;
    });
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((socket, remote)) => {
                    connections.spawn(serve_connection(
                        socket,
                        local.clone(),
                        RemoteAddr(remote.into()),
                        app.clone(),
                        closing.clone(),
                    ));
                }
                // Out of file descriptors and the like: wait a moment rather than spin.
                Err(error) => {
                    tracing::warn!(%error, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            () = &mut stop_accepting => break,
        }
    }
    drop(listener);
    closing.begin();
    let open = connections.len();
    let all_closed = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(grace - notice, all_closed)
        .await
        .is_err()
    {
        tracing::warn!(
            open,
            still_open = connections.len(),
            "connections still open after the grace period were cut off"
        );
    }
    Ok(())
}

async fn serve_connection(
    socket: TcpStream,
    local: LocalAddr,
    remote: RemoteAddr,
    app: Arc<BoxEndpoint<'static, Response>>,
    closing: Draining,
) {
    let _ = socket.set_nodelay(true);
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let request = Request::from((request, local.clone(), remote.clone(), Scheme::HTTP));
        let app = app.clone();
        async move { Ok::<_, Infallible>(hyper::Response::from(app.get_response(request).await)) }
    });
    let builder = auto::Builder::new(TokioExecutor::new());
    let connection = builder.serve_connection_with_upgrades(TokioIo::new(socket), service);
    tokio::pin!(connection);
    let served = tokio::select! {
        served = connection.as_mut() => served,
        () = closing.started() => {
            // Answers the request in hand, then closes (idle keep-alives close at once).
            connection.as_mut().graceful_shutdown();
            connection.await
        }
    };
    if let Err(error) = served {
        tracing::debug!(%error, "connection ended");
    }
}
