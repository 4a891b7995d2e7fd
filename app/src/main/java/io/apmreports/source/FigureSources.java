package io.apmreports.source;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.stereotype.Component;

import io.apmreports.definition.SourceKind;

/**
 * The figure sources by kind. Each is made when first asked for, so that a process that
 * reads one source never needs the other's settings.
 */
@Component
public class FigureSources {

	private final BeanFactory beans;

	private final SourceProperties properties;

	FigureSources(BeanFactory beans, SourceProperties properties) {
		this.beans = beans;
		this.properties = properties;
	}

	/** The source a report reads that does not pin its own ({@code apm.source}). */
	public SourceKind configured() {
		return properties.source();
	}

	public FigureSource of(SourceKind kind) {
		return beans.getBean(kind.beanName(), FigureSource.class);
	}

	/** The source a run reads, as it recorded it: a restart keeps it. */
	public FigureSource ofRun(String recordedSource) {
		return of(SourceKind.ofRecorded(recordedSource));
	}

}
