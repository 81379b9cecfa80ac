package org.petstore.inventory.bootstrap;

import ch.qos.logback.core.PropertyDefinerBase;
import ch.qos.logback.core.util.OptionHelper;

/**
 * For {@code logback.xml}: the log format, {@code PETSTORE_LOG_FORMAT} when it is valid, else {@code text} (the
 * start then stops with a line saying that the setting is not valid, see {@link LogSettings}).
 */
public final class LogFormatDefiner extends PropertyDefinerBase {

    @Override
    public String getPropertyValue() {
        return LogSettings.format(name -> OptionHelper.propertyLookup(name, getContext(), null));
    }
}
