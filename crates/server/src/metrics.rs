//! What `/metrics` gives Prometheus: requests and their latencies by route, the bots' think time, the games held
//! in memory, event streams open, and writes refused because another server changed the game first.

use std::time::Duration;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// A metric's labels, as name and value.
type Labels = Vec<(&'static str, String)>;

/// The app's metrics.
pub(crate) struct Metrics {
    registry: Registry,
    requests: Family<Labels, Counter>,
    latency: Family<Labels, Histogram, fn() -> Histogram>,
    think: Histogram,
    conflicts: Counter,
    games: Gauge,
    games_bytes: Gauge,
    streams: Gauge,
}

/// Latency buckets from 1 ms to about 16 s, doubling.
fn latency_buckets() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

impl Metrics {
    pub(crate) fn new() -> Metrics {
        let mut registry = Registry::with_prefix("hamle");
        let requests = Family::<Labels, Counter>::default();
        let latency = Family::<Labels, Histogram, fn() -> Histogram>::new_with_constructor(latency_buckets);
        let think = Histogram::new(exponential_buckets(0.001, 2.0, 15));
        let conflicts = Counter::default();
        let (games, games_bytes, streams) = (Gauge::default(), Gauge::default(), Gauge::default());
        registry.register("http_requests", "Requests answered, by method, route and status", requests.clone());
        registry.register(
            "http_request_duration_seconds",
            "Time to a request's answer (an event stream's: to its first byte), by route",
            latency.clone(),
        );
        registry.register("bot_think_seconds", "Time a bot or hint thought on a thinker", think.clone());
        registry.register(
            "store_conflicts",
            "Writes refused because the game changed meanwhile (another server or request wrote first)",
            conflicts.clone(),
        );
        registry.register("games_in_memory", "Games held in memory", games.clone());
        registry.register(
            "games_memory_bytes",
            "Bytes the games held in memory take, as they estimate",
            games_bytes.clone(),
        );
        registry.register("event_streams", "Event streams open", streams.clone());
        Metrics { registry, requests, latency, think, conflicts, games, games_bytes, streams }
    }

    /// Counts an answered request.
    pub(crate) fn request(&self, method: &str, route: &str, status: u16, took: Duration) {
        let labels = vec![("method", method.to_owned()), ("route", route.to_owned()), ("status", status.to_string())];
        self.requests.get_or_create(&labels).inc();
        self.latency.get_or_create(&vec![("route", route.to_owned())]).observe(took.as_secs_f64());
    }

    /// Records how long a thought took.
    pub(crate) fn thought(&self, took: Duration) {
        self.think.observe(took.as_secs_f64());
    }

    /// Counts a write refused by a conflict.
    pub(crate) fn conflict(&self) {
        self.conflicts.inc();
    }

    /// The metrics in Prometheus's text format, with the gauges as they stand.
    pub(crate) fn text(&self, games: usize, games_bytes: usize, streams: usize) -> String {
        let gauge = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        self.games.set(gauge(games));
        self.games_bytes.set(gauge(games_bytes));
        self.streams.set(gauge(streams));
        let mut text = String::new();
        // Writing to a String never fails.
        let _ = prometheus_client::encoding::text::encode(&mut text, &self.registry);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_counts_requests_by_route_and_status_and_gives_the_gauges() {
        let metrics = Metrics::new();
        metrics.request("GET", "/api/games/{id}", 200, Duration::from_millis(3));
        metrics.request("GET", "/api/games/{id}", 200, Duration::from_millis(5));
        metrics.request("POST", "/api/games/{id}/actions", 409, Duration::from_millis(1));
        metrics.thought(Duration::from_millis(700));
        metrics.conflict();
        let text = metrics.text(7, 1024, 3);
        assert!(
            text.contains(r#"hamle_http_requests_total{method="GET",route="/api/games/{id}",status="200"} 2"#),
            "{text}"
        );
        assert!(
            text.contains(r#"hamle_http_requests_total{method="POST",route="/api/games/{id}/actions",status="409"} 1"#),
            "{text}"
        );
        assert!(text.contains(r#"hamle_http_request_duration_seconds_count{route="/api/games/{id}"} 2"#), "{text}");
        assert!(text.contains("hamle_bot_think_seconds_count 1"), "{text}");
        assert!(text.contains("hamle_bot_think_seconds_sum 0.7"), "{text}");
        assert!(text.contains("hamle_store_conflicts_total 1"), "{text}");
        assert!(text.contains("hamle_games_in_memory 7"), "{text}");
        assert!(text.contains("hamle_games_memory_bytes 1024"), "{text}");
        assert!(text.contains("hamle_event_streams 3"), "{text}");
    }
}
