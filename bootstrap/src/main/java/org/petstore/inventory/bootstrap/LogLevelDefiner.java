package org.petstore.inventory.bootstrap;

import ch.qos.logback.core.PropertyDefinerBase;
import ch.qos.logback.core.util.OptionHelper;

/**
 * For {@code logback.xml}: the root log level, {@code PETSTORE_LOG_LEVEL} when it is valid, else {@code INFO}
 * (logback would take an unknown word for DEBUG; the start stops with a line saying that the setting is not valid,
 * see {@link LogSettings}).
 */
public final class LogLevelDefiner extends PropertyDefinerBase {

    @Override
    public String getPropertyValue() {
        return LogSettings.level(name -> OptionHelper.propertyLookup(name, getContext(), null));
    }
}
