package io.apmreports.apm;

/** Maps a non-2xx answer to the typed failure the caller acts on. */
final class ApmErrors {

	private ApmErrors() {
	}

	static ApmResponse check(String request, ApmResponse response, ResponseReader reader) {
		int status = response.status();
		if (status >= 200 && status < 300) {
			return response;
		}
		String title = reader.errorTitle(response.body());
		String message = request + " answered " + status + (title == null ? "" : " (" + title + ")");
		if (status == 401 || status == 403) {
			throw new ApmException.Authentication(message + ": the API key was refused; check APM_API_KEY", status);
		}
		if (status == 404) {
			throw new ApmException.NotFound(message);
		}
		if (status == 429 || status >= 500) {
			throw new ApmException.Transient(message, status, null);
		}
		if (status >= 300 && status < 400) {
			throw new ApmException.InvalidRequest(message + ": redirected; is apm.base-url the https URL?", status);
		}
		throw new ApmException.InvalidRequest(message, status);
	}

}
