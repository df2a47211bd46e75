// SimObject's side of services (hawser/service.h): what it provides and what it uses.
#include <fmt/format.h>

#include "hawser/check.h"
#include "hawser/simobject.h"

namespace hawser {

void SimObject::ProvideService(const std::string& name, const Service& service) {
  for (const auto& [provided, _] : provided_)
    HAWSER_CHECK(provided != name, "service provided twice by one object");
  provided_.emplace_back(name, &service);
  interface_.provides.push_back(name);
}

const Service* SimObject::provided_service(const std::string& name) const {
  for (const auto& [provided, service] : provided_)
    if (provided == name) return service;
  return nullptr;
}

ServiceUse SimObject::DeclareServiceUse(ServiceSpec spec) {
  for (const auto& use : interface_.uses)
    HAWSER_CHECK(use.name != spec.name, "service use declared twice");
  interface_.uses.push_back(std::move(spec));
  services_.push_back(nullptr);
  return ServiceUse{static_cast<int>(services_.size()) - 1};
}

void SimObject::ServiceTypeMismatch(ServiceUse use) const {
  throw SimulationError(fmt::format(
      "{} ({}): the provider of service '{}' does not implement the interface this object "
      "expects (a SimObject library built against another API?)",
      name_, type_, interface_.uses.at(use.index).name));
}

}  // namespace hawser
