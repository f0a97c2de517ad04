"""breeze-rpc 0.1.0: its methods and error replies, generated from schema/openrpc.json.

Do not edit: change the schema, then run `python3 clients/python/generate.py` (a test fails while this
file is stale)."""

from __future__ import annotations

from typing import Any, Iterable, List, Literal, Mapping, Optional, Sequence, Union

from .errors import BreezeError, DataField
from .params import Method, MethodCalls, Param

#: Every method, by wire name, with the params its Python method takes, in the schema's order.
METHODS = {
    "ping": Method("ping", "ping", ()),
    "rpc.discover": Method("rpc.discover", "discover", ()),
    "searchCities": Method("searchCities", "search_cities", (
        Param("name", "name", "string", "one"),
        Param("count", "count", "integer", "one"),
        Param("language", "language", "string", "one"),
        Param("countryCode", "country_code", "string", "one"),
    )),
    "fetchAirQuality": Method("fetchAirQuality", "fetch_air_quality", (
        Param("latitude", "latitude", "number", "one_or_list"),
        Param("longitude", "longitude", "number", "one_or_list"),
        Param("forecastHours", "forecast_hours", "integer", "one"),
        Param("language", "language", "string", "one"),
        Param("detail", "detail", "string", "one"),
    )),
    "fetchPollen": Method("fetchPollen", "fetch_pollen", (
        Param("latitude", "latitude", "number", "one"),
        Param("longitude", "longitude", "number", "one"),
        Param("days", "days", "integer", "one"),
        Param("source", "source", "string", "one"),
        Param("languageCode", "language_code", "string", "one"),
        Param("language", "language", "string", "one"),
        Param("detail", "detail", "string", "one"),
    )),
    "fetchForecast": Method("fetchForecast", "fetch_forecast", (
        Param("latitude", "latitude", "number", "one_or_list"),
        Param("longitude", "longitude", "number", "one_or_list"),
        Param("current", "current", "string", "list"),
        Param("hourly", "hourly", "string", "list"),
        Param("daily", "daily", "string", "list"),
        Param("forecastDays", "forecast_days", "integer", "one"),
        Param("pastDays", "past_days", "integer", "one"),
        Param("temperatureUnit", "temperature_unit", "string", "one"),
        Param("windSpeedUnit", "wind_speed_unit", "string", "one"),
        Param("precipitationUnit", "precipitation_unit", "string", "one"),
        Param("timezone", "timezone", "string", "one"),
        Param("minutely15", "minutely15", "string", "list"),
        Param("models", "models", "string", "list"),
        Param("language", "language", "string", "one"),
        Param("detail", "detail", "string", "one"),
    )),
    "fetchWeatherData": Method("fetchWeatherData", "fetch_weather_data", (
        Param("api", "api", "string", "one"),
        Param("latitude", "latitude", "number", "one_or_list"),
        Param("longitude", "longitude", "number", "one_or_list"),
        Param("current", "current", "string", "list"),
        Param("hourly", "hourly", "string", "list"),
        Param("daily", "daily", "string", "list"),
        Param("minutely15", "minutely15", "string", "list"),
        Param("weekly", "weekly", "string", "list"),
        Param("monthly", "monthly", "string", "list"),
        Param("models", "models", "string", "list"),
        Param("forecastDays", "forecast_days", "integer", "one"),
        Param("pastDays", "past_days", "integer", "one"),
        Param("startDate", "start_date", "string", "one"),
        Param("endDate", "end_date", "string", "one"),
        Param("pastHours", "past_hours", "integer", "one"),
        Param("forecastHours", "forecast_hours", "integer", "one"),
        Param("run", "run", "string", "one"),
        Param("temperatureUnit", "temperature_unit", "string", "one"),
        Param("windSpeedUnit", "wind_speed_unit", "string", "one"),
        Param("precipitationUnit", "precipitation_unit", "string", "one"),
        Param("lengthUnit", "length_unit", "string", "one"),
        Param("timezone", "timezone", "string", "one"),
        Param("temporalResolution", "temporal_resolution", "string", "one"),
        Param("cellSelection", "cell_selection", "string", "one"),
        Param("ensemble", "ensemble", "boolean", "one"),
        Param("disableBiasCorrection", "disable_bias_correction", "boolean", "one"),
        Param("tilt", "tilt", "number", "one"),
        Param("azimuth", "azimuth", "number", "one"),
        Param("language", "language", "string", "one"),
        Param("detail", "detail", "string", "one"),
    )),
    "fetchClimate": Method("fetchClimate", "fetch_climate", (
        Param("latitude", "latitude", "number", "one"),
        Param("longitude", "longitude", "number", "one"),
        Param("date", "date", "string", "one"),
        Param("years", "years", "integer", "list"),
        Param("temperatureUnit", "temperature_unit", "string", "one"),
        Param("detail", "detail", "string", "one"),
    )),
    "fetchDashboard": Method("fetchDashboard", "fetch_dashboard", (
        Param("latitude", "latitude", "number", "one"),
        Param("longitude", "longitude", "number", "one"),
        Param("temperatureUnit", "temperature_unit", "string", "one"),
        Param("language", "language", "string", "one"),
        Param("detail", "detail", "string", "one"),
    )),
    "findOutdoorWindows": Method("findOutdoorWindows", "find_outdoor_windows", (
        Param("latitude", "latitude", "number", "one_or_list"),
        Param("longitude", "longitude", "number", "one_or_list"),
        Param("hours", "hours", "integer", "one"),
        Param("activity", "activity", "object", "one"),
        Param("profile", "profile", "object", "one"),
        Param("constraints", "constraints", "object", "one"),
        Param("aqiScale", "aqi_scale", "string", "one"),
        Param("temperatureUnit", "temperature_unit", "string", "one"),
        Param("language", "language", "string", "one"),
        Param("detail", "detail", "string", "one"),
    )),
    "findPlace": Method("findPlace", "find_place", (
        Param("latitude", "latitude", "number", "one_or_list"),
        Param("longitude", "longitude", "number", "one_or_list"),
        Param("radiusKm", "radius_km", "number", "one"),
    )),
    "fetchElevation": Method("fetchElevation", "fetch_elevation", (
        Param("latitude", "latitude", "number", "one_or_list"),
        Param("longitude", "longitude", "number", "one_or_list"),
    )),
    "fetchAlerts": Method("fetchAlerts", "fetch_alerts", (
        Param("latitude", "latitude", "number", "one_or_list"),
        Param("longitude", "longitude", "number", "one_or_list"),
        Param("language", "language", "string", "one"),
        Param("detail", "detail", "string", "one"),
    )),
    "cacheStats": Method("cacheStats", "cache_stats", ()),
}


class Methods(MethodCalls):
    """One Python method per RPC method, named in snake_case; None leaves a param to its default."""

    def ping(self, *, timeout: Optional[float] = None) -> Any:
        """Check that the server is alive. (`ping`)

        Answers `{}` at once, whatever else is in flight.

        Args:
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            pong: Always empty.

        Raises:
            InvalidParams, InternalError, RequestCancelled (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["ping"], (), timeout)

    def discover(self, *, timeout: Optional[float] = None) -> Any:
        """This document. (`rpc.discover`)

        Returns the OpenRPC document describing every method, as embedded at build time from schema/openrpc.json.

        Args:
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            openrpcDocument: An OpenRPC 1.3 document (meta-schema: https://meta.open-rpc.org/, not resolvable
            offline).

        Raises:
            InvalidParams, InternalError, RequestCancelled (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["rpc.discover"], (), timeout)

    def search_cities(
        self,
        name: str,
        count: Optional[int] = None,
        language: Optional[str] = None,
        country_code: Optional[str] = None,
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        """Find places by name. (`searchCities`)

        Searches Open-Meteo geocoding. A name shorter than 2 characters after trimming returns `[]` without an
        upstream call; no match returns `[]`.

        Args:
            name: Place name or postal code; text after a comma filters by region or country.
            count: Most results to return. (1 to 100; default 5)
            language: Language of the names, a lower-case code. Left out, the script of name picks it (ru for
                Cyrillic, ja or zh for Chinese characters, ar for Arabic, el, he, th, hi, ko and others), so a name
                typed in its own script is found; a Latin-script name is searched in en.
            country_code: Only places in this country (ISO 3166-1 alpha-2, upper case).
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            cities: Best match first.

        Raises:
            InvalidParams, InternalError, RequestCancelled, BadURL, BadServerResponse, NetworkError, Timeout,
            RateLimited (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["searchCities"], (name, count, language, country_code), timeout)

    def fetch_air_quality(
        self,
        latitude: Union[float, Sequence[float]],
        longitude: Union[float, Sequence[float]],
        forecast_hours: Optional[int] = None,
        language: Optional[str] = None,
        detail: Optional[Literal["summary", "standard", "full"]] = None,
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        """Current air quality at a place. (`fetchAirQuality`)

        Open-Meteo air quality: US and European AQI, pollutants with sub-indices, the Breeze app's status band,
        optionally the next hours. No current block upstream → noData. latitude/longitude lists: one upstream call,
        a list in the same order, {"error": …} for a place that failed alone.

        Args:
            latitude: Degrees north of the place, from -90 to 90; or a list, one per place, for several places
                in one upstream call (up to 100, as long as the longitude list). A list gets a list of results in
                the same order.
            longitude: Degrees east of the place, from -180 to 180; or a list, one per place, for several places
                in one upstream call (up to 100, as long as the latitude list). A list gets a list of results in the
                same order.
            forecast_hours: Hours of forecast to add as `hourly`; 0 for none. (0 to 168; default 0)
            language: Language of our display texts (status, tips, pollutant, pollen and weather names): en
                (default), de, fr, es, it, pt, nl, pl, ja, zh (simplified Chinese); only the first subtag counts
                (de-AT, pt_BR). Machine values (level, codes, id, value, color) never change; another language
                answers in English, naming language in ignoredParameters. (default "en")
            detail: How much to answer. summary: per day high and low, precipitation, weather, AQI band, worst
                pollutant, pollen peak. standard: long series thinned evenly (said in truncated). full: everything.
                Default full, standard through MCP; summary and standard wrap a list of places in an object.
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            airQuality: Current air quality at a place.

        Raises:
            InvalidParams, InternalError, RequestCancelled, BadURL, BadServerResponse, NetworkError, Timeout,
            RateLimited, NoData (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["fetchAirQuality"], (
            latitude, longitude, forecast_hours, language, detail,
        ), timeout)

    def fetch_pollen(
        self,
        latitude: float,
        longitude: float,
        days: Optional[int] = None,
        source: Optional[Literal["auto", "proxy", "google", "openMeteo"]] = None,
        language_code: Optional[str] = None,
        language: Optional[str] = None,
        detail: Optional[Literal["summary", "standard", "full"]] = None,
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        """Pollen types and plants at a place. (`fetchPollen`)

        From the Breeze pollen proxy, Google Pollen (with GOOGLE_POLLEN_API_KEY) or Open-Meteo (Europe only). A
        place without coverage → noData.

        Args:
            latitude: Degrees north of the place, from -90 to 90. (-90 to 90)
            longitude: Degrees east of the place, from -180 to 180. (-180 to 180)
            days: Days of forecast. (1 to 5; default 1)
            source: proxy, google, openMeteo, or auto (google when GOOGLE_POLLEN_API_KEY is set, else proxy).
                (default "auto")
            language_code: The same as language, under its earlier name (BCP-47); give one of the two (both, and
                different, is -32602). (default "en")
            language: Language of names and texts (BCP-47), default en: Google answers in it; for the openMeteo
                source our texts are in en, de (German), fr (French), es (Spanish), it (Italian), pt (Portuguese),
                nl (Dutch), pl (Polish), ja (Japanese) and zh (Chinese, simplified). A source that cannot answer in
                it (the proxy, openMeteo for any other language) answers in English and lists it in
                ignoredParameters.
            detail: How much to answer. summary: per day high and low, precipitation, weather, AQI band, worst
                pollutant, pollen peak. standard: long series thinned evenly (said in truncated). full: everything.
                Default full, standard through MCP; summary and standard wrap a list of places in an object.
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            pollen: Pollen for a place.

        Raises:
            InvalidParams, InternalError, RequestCancelled, BadURL, BadServerResponse, NetworkError, Timeout,
            RateLimited, NoData, NotConfigured (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["fetchPollen"], (
            latitude, longitude, days, source, language_code, language, detail,
        ), timeout)

    def fetch_forecast(
        self,
        latitude: Union[float, Sequence[float]],
        longitude: Union[float, Sequence[float]],
        current: Optional[Union[str, Iterable[str]]] = None,
        hourly: Optional[Union[str, Iterable[str]]] = None,
        daily: Optional[Union[str, Iterable[str]]] = None,
        forecast_days: Optional[int] = None,
        past_days: Optional[int] = None,
        temperature_unit: Optional[Literal["celsius", "fahrenheit"]] = None,
        wind_speed_unit: Optional[Literal["kmh", "ms", "mph", "kn"]] = None,
        precipitation_unit: Optional[Literal["mm", "inch"]] = None,
        timezone: Optional[str] = None,
        minutely15: Optional[Union[str, Iterable[str]]] = None,
        models: Optional[Union[str, Iterable[str]]] = None,
        language: Optional[str] = None,
        detail: Optional[Literal["summary", "standard", "full"]] = None,
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        """Weather forecast at a place. (`fetchForecast`)

        Open-Meteo forecast with any current, hourly, daily and minutely15 variables (a weather card's essentials
        when none is given). latitude/longitude lists: one upstream call, a list in the same order, {"error": …} for
        a place that failed alone. models: {"models": [{"model", "forecast"}, …]}. An unknown variable or model →
        invalidParams with the upstream's reason.

        Args:
            latitude: Degrees north of the place, from -90 to 90; or a list, one per place, for several places
                in one upstream call (up to 100, as long as the longitude list). A list gets a list of results in
                the same order.
            longitude: Degrees east of the place, from -180 to 180; or a list, one per place, for several places
                in one upstream call (up to 100, as long as the latitude list). A list gets a list of results in the
                same order.
            current: Variables for current conditions.
            hourly: Variables for the hourly series.
            daily: Daily aggregations.
            forecast_days: Days of forecast. (1 to 16; default 7)
            past_days: Days of the past to include. (0 to 92; default 0)
            temperature_unit: Unit of temperatures; default celsius.
            wind_speed_unit: Unit of wind speeds; default kmh.
            precipitation_unit: Unit of precipitation; default mm.
            timezone: IANA time zone name, or auto for the place's own. (default "auto")
            minutely15: Variables in 15-minute steps (Open-Meteo's minutely_15).
            models: Open-Meteo weather models, each once (e.g. icon_seamless, gfs_seamless); one forecast per
                model. Left out: Open-Meteo's best_match and a plain forecast.
            language: Language of our display texts (status, tips, pollutant, pollen and weather names): en
                (default), de, fr, es, it, pt, nl, pl, ja, zh (simplified Chinese); only the first subtag counts
                (de-AT, pt_BR). Machine values (level, codes, id, value, color) never change; another language
                answers in English, naming language in ignoredParameters. (default "en")
            detail: How much to answer. summary: per day high and low, precipitation, weather, AQI band, worst
                pollutant, pollen peak. standard: long series thinned evenly (said in truncated). full: everything.
                Default full, standard through MCP; summary and standard wrap a list of places in an object.
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            forecast: A weather forecast.

        Raises:
            InvalidParams, InternalError, RequestCancelled, BadURL, BadServerResponse, NetworkError, Timeout,
            RateLimited (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["fetchForecast"], (
            latitude, longitude, current, hourly, daily, forecast_days, past_days, temperature_unit,
            wind_speed_unit, precipitation_unit, timezone, minutely15, models, language, detail,
        ), timeout)

    def fetch_weather_data(
        self,
        api: Literal["forecast", "historical", "historicalForecast", "previousRuns", "singleRun", "ensemble", "seasonal", "marine", "flood", "climateProjection", "satellite"],
        latitude: Union[float, Sequence[float]],
        longitude: Union[float, Sequence[float]],
        current: Optional[Union[str, Iterable[str]]] = None,
        hourly: Optional[Union[str, Iterable[str]]] = None,
        daily: Optional[Union[str, Iterable[str]]] = None,
        minutely15: Optional[Union[str, Iterable[str]]] = None,
        weekly: Optional[Union[str, Iterable[str]]] = None,
        monthly: Optional[Union[str, Iterable[str]]] = None,
        models: Optional[Union[str, Iterable[str]]] = None,
        forecast_days: Optional[int] = None,
        past_days: Optional[int] = None,
        start_date: Optional[str] = None,
        end_date: Optional[str] = None,
        past_hours: Optional[int] = None,
        forecast_hours: Optional[int] = None,
        run: Optional[str] = None,
        temperature_unit: Optional[Literal["celsius", "fahrenheit"]] = None,
        wind_speed_unit: Optional[Literal["kmh", "ms", "mph", "kn"]] = None,
        precipitation_unit: Optional[Literal["mm", "inch"]] = None,
        length_unit: Optional[Literal["metric", "imperial"]] = None,
        timezone: Optional[str] = None,
        temporal_resolution: Optional[Literal["native", "hourly_1", "hourly_3", "hourly_6"]] = None,
        cell_selection: Optional[Literal["land", "sea", "nearest"]] = None,
        ensemble: Optional[bool] = None,
        disable_bias_correction: Optional[bool] = None,
        tilt: Optional[float] = None,
        azimuth: Optional[float] = None,
        language: Optional[str] = None,
        detail: Optional[Literal["summary", "standard", "full"]] = None,
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        """Any Open-Meteo time series: history, ensembles, seasonal, marine, flood, climate, satellite. (`fetchWeatherData`)

        One method for Open-Meteo's time-series APIs, chosen by api, in fetchForecast's result shape (lists of
        places, models). A section, param, day count or date the api lacks is invalidParams naming it and the api,
        before any call. Ensemble members come as members per variable, the control run in values. A place the api
        does not cover is noData ({"error": …} in a list).

        Args:
            api: Which Open-Meteo API: forecast (up to 16 days ahead); historical (ERA5 reanalysis, 1940 to
                about 5 days ago); historicalForecast (archived forecasts, 2016 on); previousRuns (what was forecast
                N days before: NAME_previous_dayN); singleRun (one model run, needs run); ensemble (members of
                ensemble models, up to 36 days); seasonal (months ahead; weekly, monthly); marine (waves, currents);
                flood (river discharge, daily); climateProjection (CMIP6 daily, 1950-2050); satellite (solar
                radiation from satellites).
            latitude: Degrees north of the place, from -90 to 90; or a list, one per place, for several places
                in one upstream call (up to 100, as long as the longitude list). A list gets a list of results in
                the same order.
            longitude: Degrees east of the place, from -180 to 180; or a list, one per place, for several places
                in one upstream call (up to 100, as long as the latitude list). A list gets a list of results in the
                same order.
            current: Variables for current conditions.
            hourly: Variables for the hourly series.
            daily: Daily aggregations.
            minutely15: Variables in 15-minute steps.
            weekly: seasonal only: weekly statistics (NAME_mean, NAME_anomaly...).
            monthly: seasonal only: monthly statistics (NAME_mean, NAME_anomaly...).
            models: Open-Meteo model names, each once; one result per model. Left out: the API's default.
            forecast_days: Days ahead; the default and limit depend on api. (0 to 366)
            past_days: Days back, as far as the api's history reaches. (0 to 73200)
            start_date: First day, YYYY-MM-DD, with endDate instead of forecastDays/pastDays.
            end_date: Last day, YYYY-MM-DD.
            past_hours: Hours back (hourly sections). (0 to 876000)
            forecast_hours: Hours ahead (hourly sections). (0 to 876000)
            run: singleRun only, required there: the model run, YYYY-MM-DDTHH:MM in UTC.
            temperature_unit: Unit of temperatures; default celsius.
            wind_speed_unit: Unit of wind speeds; default kmh.
            precipitation_unit: Unit of precipitation; default mm.
            length_unit: marine only: wave heights in metric or imperial.
            timezone: IANA time zone name, or auto for the place's own. (default "auto")
            temporal_resolution: Steps of the hourly section: native (the model's own) or every 1, 3 or 6 hours.
            cell_selection: Which grid cell stands for the place.
            ensemble: flood only: river_discharge with all ensemble members.
            disable_bias_correction: climateProjection only: raw model output.
            tilt: Panel tilt in degrees for global_tilted_irradiance. (0 to 90)
            azimuth: Panel azimuth in degrees, 0 south, -90 east. (-180 to 180)
            language: Language of our display texts (status, tips, pollutant, pollen and weather names): en
                (default), de, fr, es, it, pt, nl, pl, ja, zh (simplified Chinese); only the first subtag counts
                (de-AT, pt_BR). Machine values (level, codes, id, value, color) never change; another language
                answers in English, naming language in ignoredParameters. (default "en")
            detail: How much to answer. summary: per day high and low, precipitation, weather, AQI band, worst
                pollutant, pollen peak. standard: long series thinned evenly (said in truncated). full: everything.
                Default full, standard through MCP; summary and standard wrap a list of places in an object.
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            weatherData: A weather forecast.

        Raises:
            InvalidParams, InternalError, RequestCancelled, BadURL, BadServerResponse, NetworkError, Timeout,
            RateLimited, NoData (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["fetchWeatherData"], (
            api, latitude, longitude, current, hourly, daily, minutely15, weekly, monthly, models, forecast_days,
            past_days, start_date, end_date, past_hours, forecast_hours, run, temperature_unit, wind_speed_unit,
            precipitation_unit, length_unit, timezone, temporal_resolution, cell_selection, ensemble,
            disable_bias_correction, tilt, azimuth, language, detail,
        ), timeout)

    def fetch_climate(
        self,
        latitude: float,
        longitude: float,
        date: Optional[str] = None,
        years: Optional[Union[int, Iterable[int]]] = None,
        temperature_unit: Optional[Literal["celsius", "fahrenheit"]] = None,
        detail: Optional[Literal["summary", "standard", "full"]] = None,
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        """How one day's maximum temperature changed over the years. (`fetchClimate`)

        The daily maximum temperature on that day in each year (default 1980, 1990, 2000, 2010, 2020 and this year),
        from the archive API, fetched concurrently; the current year from recent data. A year without data is left
        out.

        Args:
            latitude: Degrees north of the place, from -90 to 90. (-90 to 90)
            longitude: Degrees east of the place, from -180 to 180. (-180 to 180)
            date: The day, MM-DD; default today.
            years: Years to compare; default 1980, 1990, 2000, 2010, 2020 and this year.
            temperature_unit: Unit of temperatures in the result; default celsius.
            detail: How much to answer. summary: per day high and low, precipitation, weather, AQI band, worst
                pollutant, pollen peak. standard: long series thinned evenly (said in truncated). full: everything.
                Default full, standard through MCP; summary and standard wrap a list of places in an object.
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            climate: The daily maximum temperature on one day across the years.

        Raises:
            InvalidParams, InternalError, RequestCancelled, BadURL, BadServerResponse, NetworkError, Timeout,
            RateLimited, NoData (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["fetchClimate"], (
            latitude, longitude, date, years, temperature_unit, detail,
        ), timeout)

    def fetch_dashboard(
        self,
        latitude: float,
        longitude: float,
        temperature_unit: Optional[Literal["celsius", "fahrenheit"]] = None,
        language: Optional[str] = None,
        detail: Optional[Literal["summary", "standard", "full"]] = None,
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        """Air quality, pollen, climate and forecast at once. (`fetchDashboard`)

        All at once: a part that fails is null, its JSON-RPC error in `errors` under its name; every part failing is
        dashboardUnavailable (1008), each error in data.errors. `alerts` as fetchAlerts (no request where no source
        covers the point). `outdoors`: findOutdoorWindows' best window in 24 h for a healthy adult's hour of
        moderate activity, from the same requests and warnings; null when air quality or forecast failed.

        Args:
            latitude: Degrees north of the place, from -90 to 90. (-90 to 90)
            longitude: Degrees east of the place, from -180 to 180. (-180 to 180)
            temperature_unit: Unit of temperatures in the result; default celsius.
            language: Language of our display texts (status, tips, pollutant, pollen and weather names): en
                (default), de, fr, es, it, pt, nl, pl, ja, zh (simplified Chinese); only the first subtag counts
                (de-AT, pt_BR). Machine values (level, codes, id, value, color) never change; another language
                answers in English, naming language in ignoredParameters. (default "en")
            detail: How much to answer. summary: per day high and low, precipitation, weather, AQI band, worst
                pollutant, pollen peak. standard: long series thinned evenly (said in truncated). full: everything.
                Default full, standard through MCP; summary and standard wrap a list of places in an object.
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            dashboard: Everything the Breeze app shows for a place, fetched concurrently.

        Raises:
            InvalidParams, InternalError, RequestCancelled, DashboardUnavailable (error replies; see
            breeze_client.errors).
        """
        return self._call_method(METHODS["fetchDashboard"], (
            latitude, longitude, temperature_unit, language, detail,
        ), timeout)

    def find_outdoor_windows(
        self,
        latitude: Union[float, Sequence[float]],
        longitude: Union[float, Sequence[float]],
        hours: Optional[int] = None,
        activity: Optional[Mapping[str, Any]] = None,
        profile: Optional[Mapping[str, Any]] = None,
        constraints: Optional[Mapping[str, Any]] = None,
        aqi_scale: Optional[Literal["us", "eu"]] = None,
        temperature_unit: Optional[Literal["celsius", "fahrenheit"]] = None,
        language: Optional[str] = None,
        detail: Optional[Literal["summary", "standard", "full"]] = None,
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        """Best times to be outside. (`findOutdoorWindows`)

        For the next hours (1-96), the windows in which this person can do this activity outdoors. Each hour, each
        factor is go, caution, avoid or unknown (never go by omission) with its value, threshold and source: air
        quality per pollutant and sensitive group (EPA AQI, PM by NowCast; or EEA), pollen per allergy (CAMS hourly
        in Europe, else Google daily), heat index, estimated WBGT in daylight, wind chill, UV, rain, thunder (avoid
        for all), gusts, official warnings (Severe/Extreme avoid). An hour is its worst factor. Windows: go runs as
        long as the activity (else go/caution), with bestStart (heuristic), reasons, endsBecause; also avoid spans,
        leastBad, coverage, sources. Model guidance, not medical advice. Upstream requests do not depend on the
        person: another profile is answered from the cache.

        Args:
            latitude: Degrees north of the place, from -90 to 90; or a list, one per place, for several places
                in one upstream call (up to 100, as long as the longitude list). A list gets a list of results in
                the same order.
            longitude: Degrees east of the place, from -180 to 180; or a list, one per place, for several places
                in one upstream call (up to 100, as long as the latitude list). A list gets a list of results in the
                same order.
            hours: Hours from the current one. (1 to 96; default 24)
            activity: What the person will do: intensity by the WHO bands and how long.
            profile: Who is going out; every field optional, none given is a healthy adult.
            constraints: When the person may be outside.
            aqi_scale: us (EPA AQI, PM NowCast; default) or eu (European AQI). (default "us")
            temperature_unit: Unit of temperatures in the result; default celsius.
            language: Language of our display texts (status, tips, pollutant, pollen and weather names): en
                (default), de, fr, es, it, pt, nl, pl, ja, zh (simplified Chinese); only the first subtag counts
                (de-AT, pt_BR). Machine values (level, codes, id, value, color) never change; another language
                answers in English, naming language in ignoredParameters. (default "en")
            detail: How much to answer. summary: per day high and low, precipitation, weather, AQI band, worst
                pollutant, pollen peak. standard: long series thinned evenly (said in truncated). full: everything.
                Default full, standard through MCP; summary and standard wrap a list of places in an object.
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            outdoorWindows: findOutdoorWindows for one place: the windows in which this person can do this
            activity, the spans to avoid, the least bad stretch when none qualifies, coverage, sources and the
            note that this is model guidance, not medical advice. Local times at the answer's one UTC offset
            (utcOffsetSeconds).

        Raises:
            InvalidParams, InternalError, RequestCancelled, BadURL, BadServerResponse, NetworkError, Timeout,
            RateLimited, NoData (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["findOutdoorWindows"], (
            latitude, longitude, hours, activity, profile, constraints, aqi_scale, temperature_unit, language,
            detail,
        ), timeout)

    def find_place(
        self,
        latitude: Union[float, Sequence[float]],
        longitude: Union[float, Sequence[float]],
        radius_km: Optional[float] = None,
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        """The nearest town or city to a point. (`findPlace`)

        Offline reverse geocoding: the nearest place of at least 1,000 people (GeoNames cities1000, embedded) within
        radiusKm, by great-circle distance; near a border it may be across it. None within it (at sea, at the poles)
        → noData. Data: GeoNames (geonames.org), CC BY 4.0, modified; every answer carries `attribution`.

        Args:
            latitude: Degrees north of the point, from -90 to 90; or a list, one per point, for several points
                in one call (up to 100, as long as the longitude list). A list gets `{places: [...], attribution}`
                in the same order.
            longitude: Degrees east of the point, from -180 to 180; or a list, one per point, for several points
                in one call (up to 100, as long as the latitude list). A list gets `{places: [...], attribution}` in
                the same order.
            radius_km: How far to look, in kilometres: more than 0, at most 500. (default 100)
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            place: The nearest place to one point, with the data's credit.

        Raises:
            InvalidParams, InternalError, RequestCancelled, NoData (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["findPlace"], (latitude, longitude, radius_km), timeout)

    def fetch_elevation(
        self,
        latitude: Union[float, Sequence[float]],
        longitude: Union[float, Sequence[float]],
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        """Heights above sea level of up to 100 points. (`fetchElevation`)

        Open-Meteo elevation (Copernicus 90 m model): metres above sea level, one entry per point in order, in one
        upstream call; null where the model has none (Open-Meteo's nan). No points or more than 100 → -32602.

        Args:
            latitude: Degrees north, from -90 to 90, of the point; or a list, one per point, for up to 100
                points in one upstream call (as long as the longitude list). The result is a list either way.
            longitude: Degrees east, from -180 to 180, of the point; or a list, one per point, for up to 100
                points in one upstream call (as long as the latitude list). The result is a list either way.
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            points: One entry per point, in the order asked.

        Raises:
            InvalidParams, InternalError, RequestCancelled, BadURL, BadServerResponse, NetworkError, Timeout,
            RateLimited (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["fetchElevation"], (latitude, longitude), timeout)

    def fetch_alerts(
        self,
        latitude: Union[float, Sequence[float]],
        longitude: Union[float, Sequence[float]],
        language: Optional[str] = None,
        detail: Optional[Literal["summary", "standard", "full"]] = None,
        *,
        timeout: Optional[float] = None,
    ) -> Any:
        """Official weather warnings. (`fetchAlerts`)

        From NWS (US, territories, coastal waters), Environment and Climate Change Canada and MeteoAlarm's 38
        European members, keyless; routed offline by country (both sides near a border), matched by the warning's
        polygon or EMMA_ID area. Never expired, cancelled or superseded; most severe first; texts verbatim: credit
        the attribution shown (EUMETNET – MeteoAlarm and the national service; NWS; ECCC). No source: coverage none;
        a failing source: coverage partial, its error in errors.

        Args:
            latitude: Degrees north of the point, or a list of up to 100 (as long as longitude's), answered with
                a list.
            longitude: Degrees east of the point, or a list of up to 100 (as long as latitude's), answered with
                a list.
            language: MeteoAlarm's texts in this language (de, fr-CH …), else English, else the first; NWS
                answers in English, ECCC in English or French. Not a language tag: -32602. (default "en")
            detail: How much to answer. summary: per day high and low, precipitation, weather, AQI band, worst
                pollutant, pollen peak. standard: long series thinned evenly (said in truncated). full: everything.
                Default full, standard through MCP; summary and standard wrap a list of places in an object.
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            points: The warnings for one point.

        Raises:
            InvalidParams, InternalError, RequestCancelled, BadURL, BadServerResponse, NetworkError, Timeout,
            RateLimited (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["fetchAlerts"], (latitude, longitude, language, detail), timeout)

    def cache_stats(self, *, timeout: Optional[float] = None) -> Any:
        """Cache counters per upstream. (`cacheStats`)

        Hits, misses, coalesced calls, entries and evictions of each upstream's cache since the process started.

        Args:
            timeout: Seconds to wait for the reply on this side; then the client sends `$/cancelRequest` and
                raises BreezeTimeout. Default: the client's.

        Returns:
            cacheStats: What the cache and the coalescer have done since start-up.

        Raises:
            InvalidParams, InternalError, RequestCancelled (error replies; see breeze_client.errors).
        """
        return self._call_method(METHODS["cacheStats"], (), timeout)


class ParseError(BreezeError):
    """Parse error (-32700). The line is not JSON."""

    type_name = "parseError"
    wire_code = -32700
    detail: DataField[str] = DataField("detail", "What is wrong, for people.")


class InvalidRequest(BreezeError):
    """Invalid Request (-32600). Not a valid request object, or over the size limit."""

    type_name = "invalidRequest"
    wire_code = -32600
    detail: DataField[str] = DataField("detail", "What is wrong, for people.")


class MethodNotFound(BreezeError):
    """Method not found (-32601). No such method; rpc.discover lists them."""

    type_name = "methodNotFound"
    wire_code = -32601
    method: DataField[str] = DataField("method", "The method asked for.")
    detail: DataField[str] = DataField("detail", "What is wrong, for people.")
    suggestions: DataField[List[str]] = DataField(
        "suggestions", "The nearest method names (a different case or a typo away), nearest first; absent when none is near."
    )


class InvalidParams(BreezeError):
    """Invalid params (-32602). Missing, mistyped or out-of-range params; the message says which and why."""

    type_name = "invalidParams"
    wire_code = -32602
    field: DataField[str] = DataField("field", "The offending parameter, when one is to blame.")


class InternalError(BreezeError):
    """Internal error (-32603). A bug; details go to stderr only."""

    type_name = "internalError"
    wire_code = -32603


class RequestCancelled(BreezeError):
    """Request cancelled (-32800). Cancelled by $/cancelRequest."""

    type_name = "requestCancelled"
    wire_code = -32800


class BadURL(BreezeError):
    """Cannot build the upstream URL (1001). An upstream URL could not be built (e.g. a misconfigured base URL)."""

    type_name = "badURL"
    wire_code = 1001


class BadServerResponse(BreezeError):
    """The upstream answered with a failure or an unreadable body (1002). The upstream answered with a failure status
    or a body that does not decode.
    """

    type_name = "badServerResponse"
    wire_code = 1002
    status: DataField[int] = DataField("status", "The upstream's HTTP status (200 when the body did not decode).")


class NetworkError(BreezeError):
    """Cannot reach the upstream (1003). The upstream could not be reached."""

    type_name = "networkError"
    wire_code = 1003


class Timeout(BreezeError):
    """The upstream did not answer in time (1004)."""

    type_name = "timeout"
    wire_code = 1004
    timeout_seconds: DataField[float] = DataField("timeoutSeconds", "The deadline that passed, in seconds.")


class RateLimited(BreezeError):
    """The upstream is rate limiting requests (1005). The upstream said 429."""

    type_name = "rateLimited"
    wire_code = 1005
    retry_after_seconds: DataField[int] = DataField(
        "retryAfterSeconds", "Seconds to wait, when the upstream said; longer waits are clamped to the maximum."
    )


class NoData(BreezeError):
    """The upstream has no data here (1006). The upstream (or, without `service`, breeze-rpc's own place table) has no
    data for that place or time.
    """

    type_name = "noData"
    wire_code = 1006


class NotConfigured(BreezeError):
    """A needed setting is missing (1007). A needed setting is missing (e.g. an API key)."""

    type_name = "notConfigured"
    wire_code = 1007
    setting: DataField[str] = DataField("setting", "The setting to provide, e.g. GOOGLE_POLLEN_API_KEY.")


class DashboardUnavailable(BreezeError):
    """Every part of the dashboard failed (1008). Every part of fetchDashboard failed."""

    type_name = "dashboardUnavailable"
    wire_code = 1008
    errors: DataField[Any] = DataField("errors", "Each part's own error object, under the part's name.")


#: Every error reply class, in the order of the schema's error table.
ERROR_CLASSES = (
    ParseError, InvalidRequest, MethodNotFound, InvalidParams, InternalError, RequestCancelled, BadURL,
    BadServerResponse, NetworkError, Timeout, RateLimited, NoData, NotConfigured, DashboardUnavailable,
)

#: What `from breeze_client import *` re-exports: the error classes.
__all__ = [
    "ParseError", "InvalidRequest", "MethodNotFound", "InvalidParams", "InternalError", "RequestCancelled",
    "BadURL", "BadServerResponse", "NetworkError", "Timeout", "RateLimited", "NoData", "NotConfigured",
    "DashboardUnavailable",
]
